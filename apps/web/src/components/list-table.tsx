import { Table, type TableProps } from "antd";
import { useEffect, useState } from "react";
import { columnsWidth, shouldVirtualize, virtualBodyHeight } from "../lib/table-virtual.ts";

function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const update = () => setHeight(window.innerHeight);
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return height;
}

/**
 * antd's Table for the server-paged lists: a page of more than 50 rows (page sizes of 100, up to
 * the API's 200) switches to virtual mode, which renders only the rows in view inside a body of
 * fixed height, and gets the numeric `scroll.x` that mode needs. Smaller pages render as before
 * (e2e tests find their rows as `tr.ant-table-row`; virtual rows are `div`s).
 */
export function ListTable<T extends object>(props: TableProps<T>) {
  const windowHeight = useWindowHeight();
  const pageSize = props.pagination ? props.pagination.pageSize : undefined;
  if (!shouldVirtualize(pageSize, props.dataSource?.length ?? 0)) return <Table<T> {...props} />;
  const x = typeof props.scroll?.x === "number" ? props.scroll.x : columnsWidth(props.columns as never);
  return <Table<T> {...props} virtual scroll={{ ...props.scroll, x, y: virtualBodyHeight(windowHeight) }} />;
}
