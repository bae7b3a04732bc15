/// The loop's deadlines, earliest first: a binary min-heap of (deadline, id).
package struct TimerHeap {
    private var entries: [(deadline: ContinuousClock.Instant, id: UInt64)] = []

    package init() {}

    package var first: (deadline: ContinuousClock.Instant, id: UInt64)? { entries.first }
    package var count: Int { entries.count }

    package mutating func push(_ deadline: ContinuousClock.Instant, _ id: UInt64) {
        entries.append((deadline, id))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    package mutating func popFirst() {
        guard !entries.isEmpty else { return }
        entries.swapAt(0, entries.count - 1)
        entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].deadline < entries[smallest].deadline { smallest = left }
            if right < entries.count, entries[right].deadline < entries[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
