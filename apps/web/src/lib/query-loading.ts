/** What a query's table or chart needs to know to show a spinner. */
export interface LoadingState {
  isFetching: boolean;
  isLoading: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
}

/**
 * True while the user waits for something they asked for: a first load, another page or filter
 * (shown over the previous rows), or a retry after a failure. A background refresh of what is on
 * screen (a live device event, a write elsewhere) shows no spinner: the rows just change.
 */
export const showsLoading = (query: LoadingState): boolean =>
  query.isFetching && (query.isLoading || query.isPlaceholderData || query.isError);
