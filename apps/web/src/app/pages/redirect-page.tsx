import { Navigate, useLocation, useParams } from "react-router";

/** `/redirect/<path>` re-enters `/<path>`: the tags view refreshes a page by a round trip through here. */
export function RedirectPage() {
  const { "*": rest = "" } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
