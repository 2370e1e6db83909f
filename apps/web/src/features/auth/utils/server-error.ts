/** The parts of an ApiError a form needs to place it. */
export interface PlaceableError {
  errorCode: number;
  messageKey: string;
}

export type ErrorPlacement<Field extends string> =
  | { field: Field; messageKey: string }
  | { field: null; messageKey: string | null };

/**
 * Where a server error belongs on a form: under the field it is obviously about (wrong password
 * under the password), otherwise in the alert under the form. `messageKey: null` means the error
 * carried no catalogue key (network failure, bug) and the form shows its generic text.
 */
export const placeServerError = <Field extends string>(
  error: PlaceableError | null,
  fieldsByCode: Partial<Record<number, Field>>,
): ErrorPlacement<Field> => {
  if (!error) return { field: null, messageKey: null };
  const field = fieldsByCode[error.errorCode];
  return field ? { field, messageKey: error.messageKey } : { field: null, messageKey: error.messageKey };
};
