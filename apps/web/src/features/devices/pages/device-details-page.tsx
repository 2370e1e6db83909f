import { Navigate, useParams } from "react-router";
import { useLocateDevice } from "../api/use-locate-device.ts";
import { DetailLoading, DetailProblem } from "../components/detail-states.tsx";
import { detailPath, idFromQuery } from "../utils/device-display.ts";

const LIST_PATH = "/equipmentCenter/HiMit";

/** DeviceDetails (`devicedetails/:id`): any device by its id alone, sent on to its kind's detail page. */
export default function DeviceDetailsPage() {
  const id = idFromQuery(useParams().id ?? null);
  const { data, error, isLoading, refetch } = useLocateDevice(id);

  if (id === null) return <DetailProblem error={null} listPath={LIST_PATH} onRetry={() => undefined} />;
  if (isLoading) return <DetailLoading />;
  if (!data) return <DetailProblem error={error} listPath={LIST_PATH} onRetry={() => void refetch()} />;
  return <Navigate to={detailPath(data.kind, data.id)} replace />;
}
