/// The `--help` text of the tool and of each command.
enum HelpText {
    static let version = "rocket-reserver 1.0.0"

    static let globalOptions = """
    Global options (before or after the command):
      --endpoint URL       GraphQL endpoint (default: $ROCKET_RESERVER_ENDPOINT, else
                           \(Configuration.defaultEndpoint))
      --json               Print one JSON document instead of text
      --timeout SECONDS    Per-request timeout (default: $ROCKET_RESERVER_TIMEOUT, else 30)
      -h, --help           Show help
      --version            Show the version
    """

    static let tool = """
    rocket-reserver: browse SpaceX launches and book trips on the Apollo tutorial server.

    Usage: rocket-reserver [options] <command> [arguments]

    Commands:
      launches      List launches, newest first, a page at a time
      details       Show one launch and whether you have booked it
      login         Log in with your email address
      logout        Forget your login and everything cached for you
      book          Book a trip on a launch
      cancel        Cancel your trip on a launch
      trips         List your booked trips

    \(globalOptions)

    Run `rocket-reserver <command> --help` for a command's arguments.
    Exit status: 0 ok, 1 the server refused, 64 usage, 69 unreachable or timed out,
    76 answer not understood, 77 not logged in or session expired.
    """

    static func command(_ name: CommandName) -> String {
        let (usage, summary, details): (String, String, String) = switch name {
        case .launches: (
            "launches [--page-size N] [--after CURSOR] [--all [--max-pages N]]",
            "List launches, newest first.",
            """
              --page-size N      Launches per page, 1 to 1000 (server default: 20)
              --after CURSOR     Start after this cursor (printed at the end of a page)
              --all              Follow the cursors to the last page
              --max-pages N      With --all, stop with an error after N pages (default: 1000)
            """)
        case .details: (
            "details <launch-id> [--force-reload]",
            "Show one launch: mission, site, rocket, patch and whether you booked it.\nServed from the cache when possible.",
            "  --force-reload     Ask the server, ignoring and refreshing the cache")
        case .login: (
            "login <email>",
            "Log in with your email address; the token is kept for this endpoint only.",
            "")
        case .logout: (
            "logout",
            "Forget the stored login for this endpoint and everything cached for that user.",
            "")
        case .book: ("book <launch-id>", "Book a trip on the launch. Needs a login.", "")
        case .cancel: ("cancel <launch-id>", "Cancel your trip on the launch. Needs a login.", "")
        case .trips: ("trips", "List the trips you have booked. Needs a login.", "")
        }
        let options = details.isEmpty ? "" : "\nOptions:\n\(details)\n"
        return "Usage: rocket-reserver \(usage)\n\n\(summary)\n\(options)\n\(globalOptions)"
    }
}
