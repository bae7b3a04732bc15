/// The loop's deadlines, earliest first: a binary min-heap of (deadline, id), with each id's
/// place in it, so that a timer whose wait or work ended otherwise is taken out at once.
package struct TimerHeap {
    private var entries: [(deadline: ContinuousClock.Instant, id: UInt64)] = []
    /// Where each id sits in `entries`.
    private var places: [UInt64: Int] = [:]

    package init() {}

    package var first: (deadline: ContinuousClock.Instant, id: UInt64)? { entries.first }
    /// How many timers are set.
    package var count: Int { entries.count }

    /// Sets timer `id` for `deadline` (an id already set keeps its first deadline).
    package mutating func push(_ deadline: ContinuousClock.Instant, _ id: UInt64) {
        guard places[id] == nil else { return }
        entries.append((deadline, id))
        places[id] = entries.count - 1
        siftUp(entries.count - 1)
    }

    package mutating func popFirst() {
        guard let first = entries.first else { return }
        remove(first.id)
    }

    /// Takes timer `id` out; nothing happens when it is not set.
    package mutating func remove(_ id: UInt64) {
        guard let place = places.removeValue(forKey: id) else { return }
        let last = entries.count - 1
        if place != last {
            entries.swapAt(place, last)
            places[entries[place].id] = place
        }
        entries.removeLast()
        guard place < entries.count else { return }
        siftDown(siftUp(place))
    }

    /// Moves the entry at `child` up past later parents; returns where it ended.
    @discardableResult
    private mutating func siftUp(_ child: Int) -> Int {
        var child = child
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            exchange(child, parent)
            child = parent
        }
        return child
    }

    private mutating func siftDown(_ parent: Int) {
        var parent = parent
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].deadline < entries[smallest].deadline { smallest = left }
            if right < entries.count, entries[right].deadline < entries[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            exchange(parent, smallest)
            parent = smallest
        }
    }

    private mutating func exchange(_ first: Int, _ second: Int) {
        entries.swapAt(first, second)
        places[entries[first].id] = first
        places[entries[second].id] = second
    }
}
