import { TaskListView } from "../components/task-list-view.tsx";

/** HistoricalRecords: the caller's checkers' tasks that have ended (`?deviceId=` for one checker's). */
export default function TaskHistoryPage() {
  return <TaskListView list="ended" />;
}
