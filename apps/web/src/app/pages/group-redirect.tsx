import { Navigate } from "react-router";
import { NOT_FOUND_PATH } from "../guard.ts";
import { firstAllowedChild } from "../route-registry.ts";
import { useUserState } from "../user-store.ts";

/** Menu groups have no screen of their own: open their first allowed page. */
export function GroupRedirect({ group }: { group: string }) {
  const { allowedRoutes } = useUserState();
  return <Navigate to={firstAllowedChild(group, allowedRoutes)?.path ?? NOT_FOUND_PATH} replace />;
}
