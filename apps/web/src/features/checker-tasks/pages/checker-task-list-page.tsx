import { TaskListView } from "../components/task-list-view.tsx";

/** CheckerTaskList: the tasks starting, running or stopping on the caller's checkers (`?deviceId=` for one). */
export default function CheckerTaskListPage() {
  return <TaskListView list="open" />;
}
