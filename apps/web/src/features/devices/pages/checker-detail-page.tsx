import { CheckerDetail } from "../components/checker-detail.tsx";

/** CheckerDetail: one Hi-Checker (`?id=`). */
export default function CheckerDetailPage() {
  return <CheckerDetail />;
}
