/// The tutorial's operations, generated at build time from the `.graphql` files in this folder
/// and checked against `schema.graphqls` (the reference server's schema; see Docs/Codegen.md).
///
/// Types: `LaunchListQuery`, `LaunchDetailsQuery`, `MyTripsQuery`, `LoginMutation`,
/// `BookTripMutation`, `CancelTripMutation`, `SchemaIntrospectionQuery`, `TripsBookedSubscription`
/// (for a streaming transport: `GeneratedSubscription`); fragments `LaunchTile`,
/// `TripUpdateDetails` and the `Introspected…` ones; schema enums such as `PatchSize`.
public enum RocketReserverAPI {}
