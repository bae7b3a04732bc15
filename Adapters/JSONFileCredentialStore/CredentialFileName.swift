import POSIXSupport

/// The name of the file holding one endpoint's credential.
///
/// Derived from the endpoint alone (FNV-1a 64 in hexadecimal), so it never contains the
/// token or the email address, and different endpoints get different files.
enum CredentialFileName {
    /// The file name for `endpoint`, for example `credential-af63bd4c8601b7df.json`.
    static func forEndpoint(_ endpoint: String) -> String {
        "credential-\(FNV1a.hex(endpoint)).json"
    }
}
