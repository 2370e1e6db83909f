/**
 * The organisations a list covers when the user picks one of their scope (the "distributor"
 * filter): that one if it is in scope, none if it is not, all of them without a pick.
 */
export const narrowedScope = (organisationIds: number[], organisationId: number | undefined): number[] =>
  organisationId === undefined ? organisationIds : organisationIds.filter((id) => id === organisationId);
