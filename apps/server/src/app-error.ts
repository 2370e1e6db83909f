import type { ErrorDefinition } from "@vrf/contract/errors.ts";

/** A refusal the client is meant to see: it carries a catalogue entry, never internal detail. */
export class AppError extends Error {
  constructor(
    readonly definition: ErrorDefinition,
    readonly detail?: unknown,
  ) {
    super(definition.key);
    this.name = "AppError";
  }
}
