/// The tag bytes of values in the cache file format.
enum RecordTag {
    static let null: UInt8 = 0
    static let `false`: UInt8 = 1
    static let `true`: UInt8 = 2
    static let int: UInt8 = 3
    static let double: UInt8 = 4
    static let string: UInt8 = 5
    static let reference: UInt8 = 6
    static let list: UInt8 = 7
    static let jsonArray: UInt8 = 8
    static let jsonObject: UInt8 = 9
}
