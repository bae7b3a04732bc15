import Foundation

/// A LaunchList answer as the reference server shapes it for the client's selections (with
/// `__typename`): `count` launches, newest first, about 220 bytes each.
public enum LaunchListAnswer {
    /// The answer's bytes.
    public static func make(count: Int) -> Data {
        var text = #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"djF8MjAwNi0wMy0yNFQyMjozMDowMFp8MQ==","hasMore":false,"launches":["#
        text.reserveCapacity(count * 220 + 200)
        let sites = ["CCAFS SLC 40", "KSC LC 39A", "VAFB SLC 4E", "Kwajalein Atoll"]
        for index in 0..<count {
            let id = count - index
            if index > 0 { text += "," }
            text += #"{"__typename":"Launch","id":"\#(id)","site":"\#(sites[id % sites.count])","#
            text += #""mission":{"__typename":"Mission","name":"Mission \#(id) \u00e9toile","#
            text += #""missionPatch":"https://images.rocketreserver.invalid/\#(id % 97)/\#(id)/patch_small.png"}}"#
        }
        text += "]}}}"
        return Data(text.utf8)
    }
}
