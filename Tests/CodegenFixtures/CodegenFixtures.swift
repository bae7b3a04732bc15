/// Operations the tutorial does not use, generated at build time from the `.graphql` files in
/// this folder against `schema.graphqls`: the generator's compile round trip. Building this
/// target proves the generated Swift compiles; `CodegenFixtureTests` runs it.
///
/// Types: `ConditionalQuery` (`@include`/`@skip`), `ItemByIdQuery` (an anonymous operation
/// named after its file), `FilteredItemsQuery` (an object literal holding variables),
/// `PolymorphicQuery` (type conditions on interfaces, a union and an interface inside a union),
/// `ConditionalSpreadQuery` (a fragment spread under `@include`), `FoundSubscription` (a subscription).
public enum CodegenFixtures {}
