import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, DatePicker, Empty, Flex, Segmented, Spin, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { deviceKeys } from "../api/query-keys.ts";
import { type UnitRef, useUnitHistory } from "../api/use-unit-history.ts";
import {
  customRangeProblem,
  HISTORY_PRESETS,
  type HistoryPreset,
  type HistoryRange,
  isDayOutOfReach,
} from "../utils/history-range.ts";

const UnitHistoryCharts = lazy(() => import("./unit-history-charts.tsx"));

type Choice = HistoryPreset | "custom";

function ChartsLoading() {
  return (
    <Flex justify="center" align="center" className="devices-history-placeholder">
      <Spin />
    </Flex>
  );
}

/** A unit's history over a chosen period: the last hour, day or week, or up to 31 days picked. */
export function UnitHistory({ unit }: { unit: UnitRef }) {
  const { t } = useTranslation("devices");
  const errorText = useErrorText();
  const [choice, setChoice] = useState<Choice>("24h");
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const [firstPick, setFirstPick] = useState<Dayjs | null>(null);

  // What the charts show: a preset, or the last custom range the API can serve.
  const [shown, setShown] = useState<HistoryRange>({ preset: "24h" });
  const problem =
    choice === "custom" && custom ? customRangeProblem(custom[0].valueOf(), custom[1].valueOf(), Date.now()) : null;

  const choose = (next: Choice) => {
    setChoice(next);
    if (next !== "custom") setShown({ preset: next });
  };
  const pick = (from: Dayjs, to: Dayjs) => {
    setCustom([from, to]);
    if (customRangeProblem(from.valueOf(), to.valueOf(), Date.now()) === null) {
      setShown({ preset: "custom", from: from.valueOf(), to: to.valueOf() });
    }
  };

  const history = useUnitHistory(unit, shown);
  // New reports move a preset range on; other devices' reports are no concern of this chart.
  useDeviceEvents({ units: [deviceKeys.unitHistory(unit.deviceId)] }, { match: (e) => e.deviceId === unit.deviceId });

  const data = history.data;
  const minutes = data ? Math.round(data.bucketSeconds / 60) : 0;

  return (
    <div className="devices-history">
      <Flex gap={8} wrap align="center" className="devices-history-toolbar">
        <Segmented<Choice>
          aria-label={t("history.rangeLabel")}
          value={choice}
          onChange={choose}
          options={[...HISTORY_PRESETS, "custom" as const].map((value) => ({
            value,
            label: t(`history.range.${value}`),
          }))}
        />
        {choice === "custom" ? (
          <DatePicker.RangePicker
            aria-label={t("history.customLabel")}
            showTime={{ format: "HH:mm" }}
            format="YYYY-MM-DD HH:mm"
            value={custom}
            allowClear={false}
            onCalendarChange={(values) => setFirstPick(values?.[0] ?? values?.[1] ?? null)}
            onOpenChange={(open) => {
              if (!open) setFirstPick(null);
            }}
            disabledDate={(day) =>
              isDayOutOfReach(
                day.startOf("day").valueOf(),
                firstPick?.startOf("day").valueOf() ?? null,
                dayjs().endOf("day").valueOf(),
              )
            }
            onChange={(values) => {
              if (values?.[0] && values[1]) pick(values[0], values[1]);
            }}
          />
        ) : null}
        <Button
          icon={<ReloadOutlined />}
          aria-label={t("list.retry")}
          onClick={() => void history.refetch()}
          loading={history.isFetching}
        />
      </Flex>
      {problem ? <Alert type="warning" showIcon title={t(`history.problems.${problem}`)} /> : null}
      {history.isError && !data ? (
        <Alert
          type="error"
          showIcon
          title={t("history.loadFailed")}
          description={errorText(history.error)}
          action={
            <Button size="small" onClick={() => void history.refetch()}>
              {t("list.retry")}
            </Button>
          }
        />
      ) : !data ? (
        <ChartsLoading />
      ) : data.points.length === 0 ? (
        <Spin spinning={history.isFetching && history.isPlaceholderData}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("history.empty")} />
        </Spin>
      ) : (
        <Spin spinning={history.isFetching && history.isPlaceholderData}>
          {minutes >= 1 ? (
            <Typography.Paragraph type="secondary" className="devices-history-note">
              {t("history.averaged", { minutes })}
            </Typography.Paragraph>
          ) : null}
          <Suspense fallback={<ChartsLoading />}>
            <UnitHistoryCharts kind={unit.kind} history={data} />
          </Suspense>
        </Spin>
      )}
    </div>
  );
}
