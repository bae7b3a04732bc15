/// The planner's own operations, generated at build time by RocketReserver's
/// `GraphQLCodegenPlugin` from the `.graphql` files in this folder, checked against
/// `schema.graphqls` (the reference server's schema): `TotalTripsQuery`.
///
/// A target needs one Swift file for SwiftPM to build it; the generated ones are added by the plugin.
public enum PlannerAPI {}
