import { SettingOutlined } from "@ant-design/icons";
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { NO_CHOICE, toggleColumn } from "../lib/column-fit.ts";
import { useColumnChoice, useCrowdedColumns } from "../lib/use-column-choice.ts";
import { useListCards } from "../lib/use-list-cards.ts";
import { choosableColumns, type ListColumns } from "./list-columns.ts";
import "./list-table.css";

/**
 * The toolbar's "Columns" button: tick the columns to show. The key column stays; a ticked
 * column the table has no room for says so; the choice is kept per account and list.
 */
export function ColumnChooser<T>({ listId, columns }: { listId: string; columns: ListColumns<T> }) {
  const { t } = useTranslation("common");
  const [choice, setChoice] = useColumnChoice(listId);
  const crowded = useCrowdedColumns(listId);
  const cards = useListCards();
  const hidden = new Set(choice.hidden);
  const off = new Set(crowded);
  const changed = choice.hidden.length > 0 || choice.shown.length > 0;

  const content = (
    <Flex vertical gap={4} className="list-column-chooser">
      {choosableColumns(columns).map((column) => {
        const isKey = column.priority === "key";
        const checked = isKey || (!hidden.has(column.key) && !off.has(column.key));
        return (
          <Checkbox
            key={column.key}
            checked={checked}
            disabled={isKey}
            onChange={(event) => setChoice(toggleColumn(choice, column.key, event.target.checked))}
          >
            {column.title}
            {!hidden.has(column.key) && off.has(column.key) && !cards ? (
              <Typography.Text type="secondary" className="list-column-note">
                {t("listColumns.noRoom")}
              </Typography.Text>
            ) : null}
          </Checkbox>
        );
      })}
      <Button size="small" type="link" disabled={!changed} onClick={() => setChoice(NO_CHOICE)}>
        {t("listColumns.reset")}
      </Button>
    </Flex>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={t("listColumns.title")} content={content}>
      <Tooltip title={t("listColumns.button")}>
        <Button icon={<SettingOutlined />} aria-label={t("listColumns.button")} />
      </Tooltip>
    </Popover>
  );
}
