/// The words of the front end's command that shows the launches after `cursor` (with the page
/// size when one was given); a presenter quotes them and shows them as a hint.
public typealias NextPageCommand = @Sendable (_ cursor: String, _ pageSize: Int?) -> [String]
