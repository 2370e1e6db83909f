import { CheckerList } from "../components/checker-list.tsx";

/** HiMitChecker: the caller's Hi-Checker devices. */
export default function CheckerListPage() {
  return <CheckerList />;
}
