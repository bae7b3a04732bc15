import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import GraphQLValidation
import Testing

/// Each rule of the spec's Validation section (September 2025, section 5), with documents
/// written from the spec text over the spec's example schema (Dog, Cat, Pet, Sentient, the
/// unions, `Arguments`, the OneOf `PetInput`): valid ones, which must also generate, and
/// invalid ones with every diagnostic, its place and its exact words.
@Suite("Spec validation rules", .timeLimit(.minutes(5)))
struct SpecRuleTests {
    /// The schema of the spec's examples in section 5, with `Mutation` and `Subscription`.
    static let schemaSource = """
        type Query {
          dog: Dog
          findDog(searchBy: FindDogInput): Dog
          human: Human
          pet: Pet
          catOrDog: CatOrDog
          arguments: Arguments
          booleanList(booleanListArg: [Boolean!]): Boolean
        }
        type Mutation {
          mutateDog: MutateDogResult
          addPet(pet: PetInput!): Pet
          addPets(pets: [PetInput!]!): [Pet]
        }
        type MutateDogResult { id: ID! }
        type Subscription { newMessage: Message, disallowedSecondRootField: Boolean }
        type Message { body: String, sender: String }
        enum DogCommand { SIT, DOWN, HEEL }
        type Dog implements Pet {
          name: String!
          nickname: String
          barkVolume: Int
          doesKnowCommand(dogCommand: DogCommand!): Boolean!
          isHouseTrained(atOtherHomes: Boolean): Boolean!
          owner: Human
        }
        interface Sentient { name: String! }
        interface Pet { name: String! }
        type Alien implements Sentient { name: String!, homePlanet: String }
        type Human implements Sentient { name: String!, pets: [Pet!] }
        enum CatCommand { JUMP }
        type Cat implements Pet {
          name: String!
          nickname: String
          doesKnowCommand(catCommand: CatCommand!): Boolean!
          meowVolume: Int
        }
        union CatOrDog = Cat | Dog
        union DogOrHuman = Dog | Human
        union HumanOrAlien = Human | Alien
        input FindDogInput { name: String, owner: String }
        type Arguments {
          multipleRequirements(x: Int!, y: Int!): Int!
          booleanArgField(booleanArg: Boolean): Boolean
          floatArgField(floatArg: Float): Float
          intArgField(intArg: Int): Int
          nonNullBooleanArgField(nonNullBooleanArg: Boolean!): Boolean!
          booleanListArgField(booleanListArg: [Boolean]!): [Boolean]
          optionalNonNullBooleanArgField(optionalBooleanArg: Boolean! = false): Boolean!
          nonNullBooleanListField(nonNullBooleanListArg: [Boolean]!): Boolean
        }
        input PetInput @oneOf { cat: CatInput, dog: DogInput }
        input CatInput { name: String!, nickname: String, meowVolume: Int }
        input DogInput { name: String!, nickname: String, barkVolume: Int }
        """

    static let schema: Schema = {
        do { return try Schema.parse(schemaSource, sourceName: "spec.graphqls") } catch { fatalError("spec schema: \(error)") }
    }()

    /// A document, the rule it is about, and the diagnostics expected (`line:column: message`).
    struct Case: Sendable, CustomTestStringConvertible {
        let rule: String
        let document: String
        let errors: [String]
        var testDescription: String { "\(rule): \(errors.isEmpty ? "valid" : "invalid"), \(document.prefix(60))" }
    }

    static let cases: [Case] = [
        Case(rule: "5.1.1 Executable Definitions", document: "query getDogName { dog { name color: nickname } }", errors: []),
        Case(rule: "5.1.1 Executable Definitions", document: "query getDogName { dog { name } }\n\nextend type Dog { color: String }", errors: [
            "3:1: The \"Dog\" definition is not executable.",
        ]),
        Case(rule: "5.1.1 Executable Definitions", document: "{ dog { name } }\nschema { query: Query }", errors: [
            "2:1: The schema definition is not executable.",
        ]),
        Case(rule: "5.2.1.1 Operation Name Uniqueness", document: "query getDogName { dog { name } }\n\nquery getOwnerName { dog { owner { name } } }", errors: []),
        Case(rule: "5.2.1.1 Operation Name Uniqueness", document: "query getName { dog { name } }\n\nquery getName { dog { owner { name } } }", errors: [
            "3:7: There can be only one operation named \"getName\".",
        ]),
        Case(rule: "5.2.1.1 Operation Name Uniqueness", document: "query dogOperation { dog { name } }\n\nmutation dogOperation { mutateDog { id } }", errors: [
            "3:10: There can be only one operation named \"dogOperation\".",
        ]),
        Case(rule: "5.2.2.1 Lone Anonymous Operation", document: "{ dog { name } }", errors: []),
        Case(rule: "5.2.2.1 Lone Anonymous Operation", document: "{ dog { name } }\n\nquery getName { dog { owner { name } } }", errors: [
            "1:1: This anonymous operation must be the only defined operation.",
        ]),
        Case(rule: "5.2.2.1 Lone Anonymous Operation", document: "{ dog { name } }\n{ dog { nickname } }", errors: [
            "1:1: This anonymous operation must be the only defined operation.",
            "2:1: This anonymous operation must be the only defined operation.",
        ]),
        Case(rule: "5.2.3.1 Single Root Field", document: "subscription sub { newMessage { body sender } }", errors: []),
        Case(rule: "5.2.3.1 Single Root Field", document: "subscription sub { ...newMessageFields }\n\nfragment newMessageFields on Subscription { newMessage { body sender } }", errors: []),
        Case(rule: "5.2.3.1 Single Root Field", document: "subscription sub { newMessage { body sender } disallowedSecondRootField }", errors: [
            "1:47: Subscription \"sub\" must select only one top level field.",
        ]),
        Case(rule: "5.2.3.1 Single Root Field", document: "subscription sub { ...multipleSubscriptions }\n\nfragment multipleSubscriptions on Subscription { newMessage { body sender } disallowedSecondRootField }", errors: [
            "3:77: Subscription \"sub\" must select only one top level field.",
        ]),
        Case(rule: "5.2.3.1 Single Root Field", document: "subscription sub { newMessage { body sender } __typename }", errors: [
            "1:47: Subscription \"sub\" must select only one top level field.",
            "1:47: Subscription \"sub\" must not select an introspection top level field.",
        ]),
        Case(rule: "5.2.3.1 Single Root Field", document: "subscription sub($b: Boolean!) { newMessage @include(if: $b) { body } }", errors: [
            "1:45: Subscription \"sub\" must not use `@skip` or `@include` directives in the top level selection.",
        ]),
        Case(rule: "5.2.3.1 Single Root Field", document: "subscription { newMessage { body } newMessage { sender } }", errors: []),
        Case(rule: "5.2.3.1 Single Root Field", document: "subscription { newMessage { body } disallowedSecondRootField }", errors: [
            "1:36: Anonymous Subscription must select only one top level field.",
        ]),
        Case(rule: "5.3.1 Field Selections", document: "{ dog { ...interfaceFieldSelection } }\nfragment interfaceFieldSelection on Pet { name }", errors: []),
        Case(rule: "5.3.1 Field Selections", document: "{ dog { ...fieldNotDefined } }\nfragment fieldNotDefined on Dog { meowVolume }", errors: [
            "2:35: Cannot query field \"meowVolume\" on type \"Dog\".",
        ]),
        Case(rule: "5.3.1 Field Selections", document: "{ dog { ...aliasedLyingFieldTargetNotDefined } }\nfragment aliasedLyingFieldTargetNotDefined on Dog { barkVolume: kawVolume }", errors: [
            "2:65: Cannot query field \"kawVolume\" on type \"Dog\".",
        ]),
        Case(rule: "5.3.1 Field Selections", document: "{ dog { ...definedOnImplementorsButNotInterface } }\nfragment definedOnImplementorsButNotInterface on Pet { nickname }", errors: [
            "2:56: Cannot query field \"nickname\" on type \"Pet\".",
        ]),
        Case(rule: "5.3.1 Field Selections", document: "{ dog { ...inDirectFieldSelectionOnUnion } }\nfragment inDirectFieldSelectionOnUnion on CatOrDog { __typename ... on Pet { name } ... on Dog { barkVolume } }", errors: []),
        Case(rule: "5.3.1 Field Selections", document: "{ dog { ...directFieldSelectionOnUnion } }\nfragment directFieldSelectionOnUnion on CatOrDog { name barkVolume }", errors: [
            "2:52: Cannot query field \"name\" on type \"CatOrDog\".",
            "2:57: Cannot query field \"barkVolume\" on type \"CatOrDog\".",
        ]),
        Case(rule: "5.3.2 Field Selection Merging", document: "{ dog { ...mergeIdenticalFields ...mergeIdenticalAliasesAndFields } }\nfragment mergeIdenticalFields on Dog { name name }\nfragment mergeIdenticalAliasesAndFields on Dog { otherName: name otherName: name }", errors: []),
        Case(rule: "5.3.2 Field Selection Merging", document: "{ dog { ...conflictingBecauseAlias } }\nfragment conflictingBecauseAlias on Dog { name: nickname name }", errors: [
            "2:58: Fields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
        ]),
        Case(rule: "5.3.2 Field Selection Merging", document: "{ dog { ...mergeIdenticalFieldsWithIdenticalArgs } }\nfragment mergeIdenticalFieldsWithIdenticalArgs on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: SIT) }", errors: []),
        Case(rule: "5.3.2 Field Selection Merging", document: "query($dogCommand: DogCommand!) { dog { ...mergeIdenticalFieldsWithIdenticalValues } }\nfragment mergeIdenticalFieldsWithIdenticalValues on Dog { doesKnowCommand(dogCommand: $dogCommand) doesKnowCommand(dogCommand: $dogCommand) }", errors: []),
        Case(rule: "5.3.2 Field Selection Merging", document: "{ dog { ...a ...b } }\nfragment a on Dog { doesKnowCommand(dogCommand: SIT) }\nfragment b on Dog { doesKnowCommand(dogCommand: HEEL) }", errors: [
            "3:21: Fields \"doesKnowCommand\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
        ]),
        Case(rule: "5.3.2 Field Selection Merging", document: "{ dog { ...conflictingArgsOnValues } }\nfragment conflictingArgsOnValues on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: HEEL) }", errors: [
            "2:76: Fields \"doesKnowCommand\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
        ]),
        Case(rule: "5.3.2 Field Selection Merging", document: "query($dogCommand: DogCommand!) { dog { ...conflictingArgsValueAndVar } }\nfragment conflictingArgsValueAndVar on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: $dogCommand) }", errors: [
            "2:79: Fields \"doesKnowCommand\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
        ]),
        Case(rule: "5.3.2 Field Selection Merging", document: "query($varOne: DogCommand!, $varTwo: DogCommand!) { dog { ...conflictingArgsWithVars } }\nfragment conflictingArgsWithVars on Dog { doesKnowCommand(dogCommand: $varOne) doesKnowCommand(dogCommand: $varTwo) }", errors: [
            "2:80: Fields \"doesKnowCommand\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
        ]),
        Case(rule: "5.3.2 Field Selection Merging", document: "{ dog { ...differingArgs } }\nfragment differingArgs on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand }", errors: [
            "2:66: Field \"doesKnowCommand\" argument \"dogCommand\" of type \"DogCommand!\" is required, but it was not provided.",
            "2:66: Fields \"doesKnowCommand\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
        ]),
        Case(rule: "5.3.2 Field Selection Merging", document: "{ dog { ...safeDifferingFields ...safeDifferingArgs } }\nfragment safeDifferingFields on Pet { ... on Dog { volume: barkVolume } ... on Cat { volume: meowVolume } }\nfragment safeDifferingArgs on Pet { ... on Dog { doesKnowCommand(dogCommand: SIT) } ... on Cat { doesKnowCommand(catCommand: JUMP) } }", errors: []),
        Case(rule: "5.3.2 Field Selection Merging", document: "{ dog { ...conflictingDifferingResponses } }\nfragment conflictingDifferingResponses on Pet { ... on Dog { someValue: nickname } ... on Cat { someValue: meowVolume } }", errors: [
            "2:97: Fields \"someValue\" conflict because they return conflicting types \"String\" and \"Int\". Use different aliases on the fields to fetch both if this was intentional.",
        ]),
        Case(rule: "5.3.3 Leaf Field Selections", document: "{ dog { ...scalarSelection } }\nfragment scalarSelection on Dog { barkVolume }", errors: []),
        Case(rule: "5.3.3 Leaf Field Selections", document: "{ dog { ...scalarSelectionsNotAllowedOnInt } }\nfragment scalarSelectionsNotAllowedOnInt on Dog { barkVolume { sinceWhen } }", errors: [
            "2:62: Field \"barkVolume\" must not have a selection since type \"Int\" has no subfields.",
        ]),
        Case(rule: "5.3.3 Leaf Field Selections", document: "query directQueryOnObjectWithoutSubFields { human }", errors: [
            "1:45: Field \"human\" of type \"Human\" must have a selection of subfields. Did you mean \"human { ... }\"?",
        ]),
        Case(rule: "5.3.3 Leaf Field Selections", document: "query directQueryOnInterfaceWithoutSubFields { pet }", errors: [
            "1:48: Field \"pet\" of type \"Pet\" must have a selection of subfields. Did you mean \"pet { ... }\"?",
        ]),
        Case(rule: "5.3.3 Leaf Field Selections", document: "query directQueryOnUnionWithoutSubFields { catOrDog }", errors: [
            "1:44: Field \"catOrDog\" of type \"CatOrDog\" must have a selection of subfields. Did you mean \"catOrDog { ... }\"?",
        ]),
        Case(rule: "5.4.1 Argument Names", document: "{ dog { ...argOnRequiredArg } }\nfragment argOnRequiredArg on Dog { doesKnowCommand(dogCommand: SIT) }\n", errors: []),
        Case(rule: "5.4.1 Argument Names", document: "{ dog { ...argOnOptional } }\nfragment argOnOptional on Dog { isHouseTrained(atOtherHomes: true) @include(if: true) }", errors: []),
        Case(rule: "5.4.1 Argument Names", document: "{ dog { ...invalidArgName } }\nfragment invalidArgName on Dog { doesKnowCommand(command: CLEAN_UP_HOUSE) }", errors: [
            "2:34: Field \"doesKnowCommand\" argument \"dogCommand\" of type \"DogCommand!\" is required, but it was not provided.",
            "2:50: Unknown argument \"command\" on field \"Dog.doesKnowCommand\".",
        ]),
        Case(rule: "5.4.1 Argument Names", document: "{ dog { ...invalidArgName } }\nfragment invalidArgName on Dog { isHouseTrained(atOtherHomes: true) @include(unless: false) }", errors: [
            "2:69: Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
            "2:78: Unknown argument \"unless\" on directive \"@include\".",
        ]),
        Case(rule: "5.4.2 Argument Uniqueness", document: "{ dog { isHouseTrained(atOtherHomes: true) } }", errors: []),
        Case(rule: "5.4.2 Argument Uniqueness", document: "{ dog { isHouseTrained(atOtherHomes: true, atOtherHomes: false) } }", errors: [
            "1:44: There can be only one argument named \"atOtherHomes\".",
        ]),
        Case(rule: "5.4.2 Argument Uniqueness", document: "{ dog { name @include(if: true, if: false) } }", errors: [
            "1:33: There can be only one argument named \"if\".",
        ]),
        Case(rule: "5.4.2.1 Required Arguments", document: "{ arguments { ...goodBooleanArg ...goodNonNullArg } }\nfragment goodBooleanArg on Arguments { booleanArgField(booleanArg: true) }\nfragment goodNonNullArg on Arguments { nonNullBooleanArgField(nonNullBooleanArg: true) }", errors: []),
        Case(rule: "5.4.2.1 Required Arguments", document: "{ arguments { ...goodBooleanArgDefault } }\nfragment goodBooleanArgDefault on Arguments { booleanArgField optionalNonNullBooleanArgField }", errors: []),
        Case(rule: "5.4.2.1 Required Arguments", document: "{ arguments { ...missingRequiredArg } }\nfragment missingRequiredArg on Arguments { nonNullBooleanArgField }", errors: [
            "2:44: Field \"nonNullBooleanArgField\" argument \"nonNullBooleanArg\" of type \"Boolean!\" is required, but it was not provided.",
        ]),
        Case(rule: "5.4.2.1 Required Arguments", document: "{ arguments { ...missingRequiredArg } }\nfragment missingRequiredArg on Arguments { nonNullBooleanArgField(nonNullBooleanArg: null) }", errors: [
            "2:86: Expected value of type \"Boolean!\", found null.",
        ]),
        Case(rule: "5.4.2.1 Required Arguments", document: "{ dog { name @include } }", errors: [
            "1:14: Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
        ]),
        Case(rule: "5.5.1.1 Fragment Name Uniqueness", document: "{ dog { ...fragmentOne ...fragmentTwo } }\nfragment fragmentOne on Dog { name }\nfragment fragmentTwo on Dog { owner { name } }", errors: []),
        Case(rule: "5.5.1.1 Fragment Name Uniqueness", document: "{ dog { ...fragmentOne } }\nfragment fragmentOne on Dog { name }\nfragment fragmentOne on Dog { owner { name } }", errors: [
            "3:10: There can be only one fragment named \"fragmentOne\".",
        ]),
        Case(rule: "5.5.1.2 Fragment Spread Type Existence", document: "{ dog { ...correctType1 ...inlineFragment ...inlineFragment2 } }\nfragment correctType1 on Dog { name }\nfragment inlineFragment on Dog { ... on Dog { name } }\nfragment inlineFragment2 on Dog { ... @include(if: true) { name } }", errors: []),
        Case(rule: "5.5.1.2 Fragment Spread Type Existence", document: "{ dog { ...notOnExistingType } }\nfragment notOnExistingType on NotInSchema { name }", errors: [
            "2:31: Unknown type \"NotInSchema\".",
        ]),
        Case(rule: "5.5.1.2 Fragment Spread Type Existence", document: "{ dog { ...inlineNotExistingType } }\nfragment inlineNotExistingType on Dog { ... on NotInSchema { name } }", errors: [
            "2:48: Unknown type \"NotInSchema\".",
        ]),
        Case(rule: "5.5.1.3 Fragments On Composite Types", document: "{ dog { ...fragOnObject ...fragOnInterface ...fragOnUnion } }\nfragment fragOnObject on Dog { name }\nfragment fragOnInterface on Pet { name }\nfragment fragOnUnion on CatOrDog { ... on Dog { name } }", errors: []),
        Case(rule: "5.5.1.3 Fragments On Composite Types", document: "{ dog { ...fragOnScalar } }\nfragment fragOnScalar on Int { something }", errors: [
            "2:26: Fragment \"fragOnScalar\" cannot condition on non composite type \"Int\".",
        ]),
        Case(rule: "5.5.1.3 Fragments On Composite Types", document: "{ dog { ...inlineFragOnScalar } }\nfragment inlineFragOnScalar on Dog { ... on Boolean { somethingElse } }", errors: [
            "2:45: Fragment cannot condition on non composite type \"Boolean\".",
        ]),
        Case(rule: "5.5.1.4 Fragments Must Be Used", document: "fragment nameFragment on Dog { name }\n\n{ dog { name } }", errors: [
            "1:1: Fragment \"nameFragment\" is never used.",
        ]),
        Case(rule: "5.5.1.4 Fragments Must Be Used", document: "fragment nameFragment on Dog { name }\n\n{ dog { ...nameFragment } }", errors: []),
        Case(rule: "5.5.2.1 Fragment Spread Target Defined", document: "{ dog { ...undefinedFragment } }", errors: [
            "1:12: Unknown fragment \"undefinedFragment\".",
        ]),
        Case(rule: "5.5.2.1 Fragment Spread Target Defined", document: "{ dog { ...nameFragment } }\nfragment nameFragment on Dog { name }", errors: []),
        Case(rule: "5.5.2.2 Fragment Spreads Must Not Form Cycles", document: "{ dog { ...nameFragment } }\nfragment nameFragment on Dog { name ...barkVolumeFragment }\nfragment barkVolumeFragment on Dog { barkVolume ...nameFragment }", errors: [
            "2:37: Cannot spread fragment \"nameFragment\" within itself via \"barkVolumeFragment\".",
        ]),
        Case(rule: "5.5.2.2 Fragment Spreads Must Not Form Cycles", document: "{ dog { ...dogFragment } }\nfragment dogFragment on Dog { name owner { ...ownerFragment } }\nfragment ownerFragment on Human { name pets { ...dogFragment } }", errors: [
            "2:44: Cannot spread fragment \"dogFragment\" within itself via \"ownerFragment\".",
        ]),
        Case(rule: "5.5.2.2 Fragment Spreads Must Not Form Cycles", document: "{ dog { ...dogFragment } }\nfragment dogFragment on Dog { name owner { ...ownerFragment } }\nfragment ownerFragment on Human { name }", errors: []),
        Case(rule: "5.5.2.3.1 Object Spreads In Object Scope", document: "{ dog { ...dogFragment } }\nfragment dogFragment on Dog { ... on Dog { barkVolume } }", errors: []),
        Case(rule: "5.5.2.3.1 Object Spreads In Object Scope", document: "{ dog { ...catInDogFragmentInvalid } }\nfragment catInDogFragmentInvalid on Dog { ... on Cat { meowVolume } }", errors: [
            "2:43: Fragment cannot be spread here as objects of type \"Dog\" can never be of type \"Cat\".",
        ]),
        Case(rule: "5.5.2.3.2 Abstract Spreads in Object Scope", document: "{ dog { ...interfaceWithinObjectFragment ...unionWithObjectFragment } }\nfragment petNameFragment on Pet { name }\nfragment interfaceWithinObjectFragment on Dog { ...petNameFragment }\nfragment catOrDogNameFragment on CatOrDog { ... on Cat { meowVolume } }\nfragment unionWithObjectFragment on Dog { ...catOrDogNameFragment }", errors: []),
        Case(rule: "5.5.2.3.2 Abstract Spreads in Object Scope", document: "{ dog { ...sentientNameFragment } }\nfragment sentientNameFragment on Sentient { name }", errors: [
            "1:9: Fragment \"sentientNameFragment\" cannot be spread here as objects of type \"Dog\" can never be of type \"Sentient\".",
        ]),
        Case(rule: "5.5.2.3.2 Abstract Spreads in Object Scope", document: "{ dog { ... on HumanOrAlien { __typename } } }", errors: [
            "1:9: Fragment cannot be spread here as objects of type \"Dog\" can never be of type \"HumanOrAlien\".",
        ]),
        Case(rule: "5.5.2.3.3 Object Spreads In Abstract Scope", document: "{ dog { ...petFragment ...catOrDogFragment } }\nfragment petFragment on Pet { name ... on Dog { barkVolume } }\nfragment catOrDogFragment on CatOrDog { ... on Cat { meowVolume } }", errors: []),
        Case(rule: "5.5.2.3.3 Object Spreads In Abstract Scope", document: "{ dog { ...sentientFragment ...humanOrAlienFragment } }\nfragment sentientFragment on Sentient { ... on Dog { barkVolume } }\nfragment humanOrAlienFragment on HumanOrAlien { ... on Cat { meowVolume } }", errors: [
            "1:9: Fragment \"sentientFragment\" cannot be spread here as objects of type \"Dog\" can never be of type \"Sentient\".",
            "1:29: Fragment \"humanOrAlienFragment\" cannot be spread here as objects of type \"Dog\" can never be of type \"HumanOrAlien\".",
            "2:41: Fragment cannot be spread here as objects of type \"Sentient\" can never be of type \"Dog\".",
            "3:49: Fragment cannot be spread here as objects of type \"HumanOrAlien\" can never be of type \"Cat\".",
        ]),
        Case(rule: "5.5.2.3.4 Abstract Spreads in Abstract Scope", document: "{ dog { ...unionWithInterface } }\nfragment unionWithInterface on Pet { ...dogOrHumanFragment }\nfragment dogOrHumanFragment on DogOrHuman { ... on Dog { barkVolume } }", errors: []),
        Case(rule: "5.5.2.3.4 Abstract Spreads in Abstract Scope", document: "{ dog { ...nonIntersectingInterfaces } }\nfragment nonIntersectingInterfaces on Pet { ...sentientFragment }\nfragment sentientFragment on Sentient { name }", errors: [
            "2:45: Fragment \"sentientFragment\" cannot be spread here as objects of type \"Pet\" can never be of type \"Sentient\".",
        ]),
        Case(rule: "5.5.2.3.4 Abstract Spreads in Abstract Scope", document: "{ dog { ... on Pet { ... on Sentient { name } } } }", errors: [
            "1:22: Fragment cannot be spread here as objects of type \"Pet\" can never be of type \"Sentient\".",
        ]),
        Case(rule: "5.6.1 Values of Correct Type", document: "{ arguments { ...goodBooleanArg } }\nfragment goodBooleanArg on Arguments { booleanArgField(booleanArg: true) floatArgField(floatArg: 1) intArgField(intArg: 2) }", errors: []),
        Case(rule: "5.6.1 Values of Correct Type", document: "{ arguments { ...stringIntoInt } }\nfragment stringIntoInt on Arguments { intArgField(intArg: \"123\") }", errors: [
            "2:59: Expected value of type \"Int\", found \"123\".",
        ]),
        Case(rule: "5.6.1 Values of Correct Type", document: "query badComplexValue { findDog(searchBy: { name: 123 }) { name } }", errors: [
            "1:51: Expected value of type \"String\", found 123.",
        ]),
        Case(rule: "5.6.1 Values of Correct Type", document: "{ arguments { intArgField(intArg: 2147483648) floatArgField(floatArg: true) } }", errors: [
            "1:35: Expected value of type \"Int\", found 2147483648.",
            "1:71: Expected value of type \"Float\", found true.",
        ]),
        Case(rule: "5.6.1 Values of Correct Type", document: "{ arguments { booleanListArgField(booleanListArg: true) } }", errors: []),
        Case(rule: "5.6.1 Values of Correct Type", document: "{ arguments { booleanListArgField(booleanListArg: [true, 1]) } }", errors: [
            "1:58: Expected value of type \"Boolean\", found 1.",
        ]),
        Case(rule: "5.6.1 Values of Correct Type", document: "{ dog { doesKnowCommand(dogCommand: JUMP) } }", errors: [
            "1:37: Value \"JUMP\" does not exist in \"DogCommand\" enum.",
        ]),
        Case(rule: "5.6.1 Values of Correct Type", document: "{ dog { doesKnowCommand(dogCommand: \"SIT\") } }", errors: [
            "1:37: Expected value of type \"DogCommand\", found \"SIT\".",
        ]),
        Case(rule: "5.6.1 Values of Correct Type (OneOf)", document: "mutation addCat { addPet(pet: { cat: { name: \"Brontie\" } }) { name } }", errors: []),
        Case(rule: "5.6.1 Values of Correct Type (OneOf)", document: "mutation addPet($cat: CatInput!) { addPet(pet: { cat: $cat }) { name } }", errors: []),
        Case(rule: "5.6.1 Values of Correct Type (OneOf)", document: "mutation addCat { addPet(pet: { cat: { name: \"Brontie\" }, dog: null }) { name } }", errors: [
            "1:31: OneOf Input Object \"PetInput\" must specify exactly one key.",
        ]),
        Case(rule: "5.6.1 Values of Correct Type (OneOf)", document: "mutation addCat { addPet(pet: { cat: null }) { name } }", errors: [
            "1:38: Field \"PetInput.cat\" must be non-null.",
        ]),
        Case(rule: "5.6.1 Values of Correct Type (OneOf)", document: "mutation addCat { addPet(pet: {}) { name } }", errors: [
            "1:31: OneOf Input Object \"PetInput\" must specify exactly one key.",
        ]),
        Case(rule: "5.6.1 Values of Correct Type (OneOf)", document: "mutation addPet($cat: CatInput) { addPet(pet: { cat: $cat }) { name } }", errors: [
            "1:54: Variable \"$cat\" of type \"CatInput\" used in position expecting type \"CatInput!\".",
        ]),
        Case(rule: "5.6.2 Input Object Field Names", document: "{ findDog(searchBy: { name: \"Fido\" }) { name } }", errors: []),
        Case(rule: "5.6.2 Input Object Field Names", document: "{ findDog(searchBy: { favoriteCookieFlavor: \"Bacon\" }) { name } }", errors: [
            "1:23: Field \"favoriteCookieFlavor\" is not defined by type \"FindDogInput\".",
        ]),
        Case(rule: "5.6.3 Input Object Field Uniqueness", document: "{ findDog(searchBy: { name: \"Fido\", name: \"Fido\" }) { name } }", errors: [
            "1:37: There can be only one input field named \"name\".",
        ]),
        Case(rule: "5.6.3 Input Object Field Uniqueness", document: "{ findDog(searchBy: { name: \"Fido\", owner: \"Ann\" }) { name } }", errors: []),
        Case(rule: "5.6.4 Input Object Required Fields", document: "mutation { addPet(pet: { cat: { nickname: \"B\" } }) { name } }", errors: [
            "1:31: Field \"CatInput.name\" of required type \"String!\" was not provided.",
        ]),
        Case(rule: "5.6.4 Input Object Required Fields", document: "mutation { addPet(pet: { dog: { name: null } }) { name } }", errors: [
            "1:39: Expected value of type \"String!\", found null.",
        ]),
        Case(rule: "5.6.4 Input Object Required Fields", document: "mutation { addPet(pet: { cat: { name: \"B\" } }) { name } }", errors: []),
        Case(rule: "5.7.1 Directives Are Defined", document: "{ dog { name @skip(if: true) } }", errors: []),
        Case(rule: "5.7.1 Directives Are Defined", document: "{ dog { name @unknown } }", errors: [
            "1:14: Unknown directive \"@unknown\".",
        ]),
        Case(rule: "5.7.2 Directives Are In Valid Locations", document: "query @skip(if: $foo) { dog { name } }", errors: [
            "1:7: Directive \"@skip\" may not be used on QUERY.",
            "1:17: Variable \"$foo\" is not defined.",
        ]),
        Case(rule: "5.7.2 Directives Are In Valid Locations", document: "query Q($v: Int @skip(if: true)) { dog { barkVolume } }", errors: [
            "1:9: Variable \"$v\" is never used in operation \"Q\".",
            "1:17: Directive \"@skip\" may not be used on VARIABLE_DEFINITION.",
        ]),
        Case(rule: "5.7.2 Directives Are In Valid Locations", document: "{ dog { name @deprecated } }", errors: [
            "1:14: Directive \"@deprecated\" may not be used on FIELD.",
        ]),
        Case(rule: "5.7.2 Directives Are In Valid Locations", document: "query Q { dog @include(if: true) { ... @skip(if: false) { name } } }", errors: []),
        Case(rule: "5.7.3 Directives Are Unique Per Location", document: "query ($foo: Boolean = true, $bar: Boolean = false) { dog @skip(if: $foo) { name } dog @skip(if: $bar) { nickname } }", errors: []),
        Case(rule: "5.7.3 Directives Are Unique Per Location", document: "query ($foo: Boolean = true, $bar: Boolean = false) { dog @skip(if: $foo) @skip(if: $bar) { name } }", errors: [
            "1:75: The directive \"@skip\" can only be used once at this location.",
        ]),
        Case(rule: "5.8.1 Variable Uniqueness", document: "query houseTrainedQuery($atOtherHomes: Boolean, $atOtherHomes: Boolean) { dog { isHouseTrained(atOtherHomes: $atOtherHomes) } }", errors: [
            "1:49: There can be only one variable named \"$atOtherHomes\".",
        ]),
        Case(rule: "5.8.1 Variable Uniqueness", document: "query A($atOtherHomes: Boolean) { ...HouseTrainedFragment }\nquery B($atOtherHomes: Boolean) { ...HouseTrainedFragment }\nfragment HouseTrainedFragment on Query { dog { isHouseTrained(atOtherHomes: $atOtherHomes) } }", errors: []),
        Case(rule: "5.8.2 Variables Are Input Types", document: "query takesBoolean($atOtherHomes: Boolean) { dog { isHouseTrained(atOtherHomes: $atOtherHomes) } }\nquery takesComplexInput($complexInput: FindDogInput) { findDog(searchBy: $complexInput) { name } }\nquery TakesListOfBooleanBang($booleans: [Boolean!]) { booleanList(booleanListArg: $booleans) }", errors: []),
        Case(rule: "5.8.2 Variables Are Input Types", document: "query takesCat($cat: Cat) { __typename }", errors: [
            "1:16: Variable \"$cat\" cannot be non-input type \"Cat\".",
            "1:16: Variable \"$cat\" is never used in operation \"takesCat\".",
        ]),
        Case(rule: "5.8.2 Variables Are Input Types", document: "query takesDogBang($dog: Dog!) { __typename }", errors: [
            "1:20: Variable \"$dog\" cannot be non-input type \"Dog!\".",
            "1:20: Variable \"$dog\" is never used in operation \"takesDogBang\".",
        ]),
        Case(rule: "5.8.2 Variables Are Input Types", document: "query takesListOfPet($pets: [Pet]) { __typename }", errors: [
            "1:22: Variable \"$pets\" cannot be non-input type \"[Pet]\".",
            "1:22: Variable \"$pets\" is never used in operation \"takesListOfPet\".",
        ]),
        Case(rule: "5.8.2 Variables Are Input Types", document: "query takesCatOrDog($catOrDog: CatOrDog) { __typename }", errors: [
            "1:21: Variable \"$catOrDog\" cannot be non-input type \"CatOrDog\".",
            "1:21: Variable \"$catOrDog\" is never used in operation \"takesCatOrDog\".",
        ]),
        Case(rule: "5.8.3 All Variable Uses Defined", document: "query variableIsDefined($atOtherHomes: Boolean) { dog { isHouseTrained(atOtherHomes: $atOtherHomes) } }", errors: []),
        Case(rule: "5.8.3 All Variable Uses Defined", document: "query variableIsNotDefined { dog { isHouseTrained(atOtherHomes: $atOtherHomes) } }", errors: [
            "1:65: Variable \"$atOtherHomes\" is not defined by operation \"variableIsNotDefined\".",
        ]),
        Case(rule: "5.8.3 All Variable Uses Defined", document: "query variableIsNotDefinedUsedInSingleFragment { dog { ...isHouseTrainedFragment } }\nfragment isHouseTrainedFragment on Dog { isHouseTrained(atOtherHomes: $atOtherHomes) }", errors: [
            "2:71: Variable \"$atOtherHomes\" is not defined by operation \"variableIsNotDefinedUsedInSingleFragment\".",
        ]),
        Case(rule: "5.8.3 All Variable Uses Defined", document: "query variableIsNotDefinedUsedInNestedFragment { dog { ...outerHouseTrainedFragment } }\nfragment outerHouseTrainedFragment on Dog { ...isHouseTrainedFragment }\nfragment isHouseTrainedFragment on Dog { isHouseTrained(atOtherHomes: $atOtherHomes) }", errors: [
            "3:71: Variable \"$atOtherHomes\" is not defined by operation \"variableIsNotDefinedUsedInNestedFragment\".",
        ]),
        Case(rule: "5.8.3 All Variable Uses Defined", document: "query housetrainedQueryOne($atOtherHomes: Boolean) { dog { ...isHouseTrainedFragment } }\nquery housetrainedQueryTwoNotDefined { dog { ...isHouseTrainedFragment } }\nfragment isHouseTrainedFragment on Dog { isHouseTrained(atOtherHomes: $atOtherHomes) }", errors: [
            "3:71: Variable \"$atOtherHomes\" is not defined by operation \"housetrainedQueryTwoNotDefined\".",
        ]),
        Case(rule: "5.8.4 All Variables Used", document: "query variableUnused($atOtherHomes: Boolean) { dog { isHouseTrained } }", errors: [
            "1:22: Variable \"$atOtherHomes\" is never used in operation \"variableUnused\".",
        ]),
        Case(rule: "5.8.4 All Variables Used", document: "query variableUsedInFragment($atOtherHomes: Boolean) { dog { ...isHouseTrainedFragment } }\nfragment isHouseTrainedFragment on Dog { isHouseTrained(atOtherHomes: $atOtherHomes) }", errors: []),
        Case(rule: "5.8.4 All Variables Used", document: "query variableNotUsedWithinFragment($atOtherHomes: Boolean) { dog { ...isHouseTrainedWithoutVariableFragment } }\nfragment isHouseTrainedWithoutVariableFragment on Dog { isHouseTrained }", errors: [
            "1:37: Variable \"$atOtherHomes\" is never used in operation \"variableNotUsedWithinFragment\".",
        ]),
        Case(rule: "5.8.4 All Variables Used", document: "query queryWithUsedVar($atOtherHomes: Boolean) { dog { ...isHouseTrainedFragment } }\nquery queryWithExtraVar($atOtherHomes: Boolean, $extra: Int) { dog { ...isHouseTrainedFragment } }\nfragment isHouseTrainedFragment on Dog { isHouseTrained(atOtherHomes: $atOtherHomes) }", errors: [
            "2:49: Variable \"$extra\" is never used in operation \"queryWithExtraVar\".",
        ]),
        Case(rule: "5.8.5 All Variable Usages Are Allowed", document: "query intCannotGoIntoBoolean($intArg: Int) { arguments { booleanArgField(booleanArg: $intArg) } }", errors: [
            "1:86: Variable \"$intArg\" of type \"Int\" used in position expecting type \"Boolean\".",
        ]),
        Case(rule: "5.8.5 All Variable Usages Are Allowed", document: "query booleanListCannotGoIntoBoolean($booleanListArg: [Boolean]) { arguments { booleanArgField(booleanArg: $booleanListArg) } }", errors: [
            "1:108: Variable \"$booleanListArg\" of type \"[Boolean]\" used in position expecting type \"Boolean\".",
        ]),
        Case(rule: "5.8.5 All Variable Usages Are Allowed", document: "query booleanArgQuery($booleanArg: Boolean) { arguments { nonNullBooleanArgField(nonNullBooleanArg: $booleanArg) } }", errors: [
            "1:101: Variable \"$booleanArg\" of type \"Boolean\" used in position expecting type \"Boolean!\".",
        ]),
        Case(rule: "5.8.5 All Variable Usages Are Allowed", document: "query nonNullListToList($nonNullBooleanList: [Boolean]!) { arguments { booleanListArgField(booleanListArg: $nonNullBooleanList) } }", errors: []),
        Case(rule: "5.8.5 All Variable Usages Are Allowed", document: "query listToNonNullList($booleanList: [Boolean]) { arguments { nonNullBooleanListField(nonNullBooleanListArg: $booleanList) } }", errors: [
            "1:111: Variable \"$booleanList\" of type \"[Boolean]\" used in position expecting type \"[Boolean]!\".",
        ]),
        Case(rule: "5.8.5 All Variable Usages Are Allowed", document: "query booleanArgQueryWithDefault($booleanArg: Boolean) { arguments { optionalNonNullBooleanArgField(optionalBooleanArg: $booleanArg) } }", errors: []),
        Case(rule: "5.8.5 All Variable Usages Are Allowed", document: "query booleanArgQueryWithDefault($booleanArg: Boolean = true) { arguments { nonNullBooleanArgField(nonNullBooleanArg: $booleanArg) } }", errors: []),
        Case(rule: "5.8.5 All Variable Usages Are Allowed", document: "query booleanListInItem($b: Boolean!) { arguments { booleanListArgField(booleanListArg: [$b, true]) } }", errors: []),
    ]

    @Test(arguments: cases)
    func rule(_ example: Case) {
        let errors = Validator.validate(sources: [(name: "T.graphql", text: example.document)], against: Self.schema).map { "\($0.location): \($0.message)" }
        #expect(errors == example.errors)
        // What the rules accept, the generator generates.
        if example.errors.isEmpty, case .failure(let refused) = RecordedGeneration.generate(sources: [(name: "T.graphql", text: example.document)], schema: Self.schema) {
            Issue.record("valid but not generated: \(refused)")
        }
    }

    @Test func everyRuleOfTheSectionHasValidAndInvalidCases() {
        let rules = [
            "5.1.1", "5.2.1.1", "5.2.2.1", "5.2.3.1", "5.3.1", "5.3.2", "5.3.3", "5.4.1", "5.4.2", "5.4.2.1", "5.5.1.1", "5.5.1.2", "5.5.1.3",
            "5.5.1.4", "5.5.2.1", "5.5.2.2", "5.5.2.3.1", "5.5.2.3.2", "5.5.2.3.3", "5.5.2.3.4", "5.6.1", "5.6.2", "5.6.3", "5.6.4", "5.7.1",
            "5.7.2", "5.7.3", "5.8.1", "5.8.2", "5.8.3", "5.8.4", "5.8.5",
        ]
        for rule in rules {
            let examples = Self.cases.filter { $0.rule.hasPrefix(rule + " ") }
            #expect(examples.contains { $0.errors.isEmpty }, "no valid case for \(rule)")
            #expect(examples.contains { !$0.errors.isEmpty }, "no invalid case for \(rule)")
        }
    }
}
