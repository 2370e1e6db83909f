import { Empty } from "antd";

/**
 * antd's simple empty state, as a module of its own: for lists of the shell's first load (the
 * dashboard's top codes, the announcements) that are rarely empty, to be loaded lazily when they are.
 */
export default function SimpleEmpty({ description }: { description: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />;
}
