import type { TIndoorUnit, TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import { FRAME_PATTERN_MAX_BYTES } from "@vrf/contract/hi-checker/task-data.ts";
import { Col, Form, Input, Row } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BUS_COMMAND_CODES,
  busAddressOf,
  CONTROLLER_ADDRESS,
  groupedHex,
  hexByte,
  normalisePattern,
  patternProblem,
} from "../utils/bus-frames.ts";
import type { FrameQueryState } from "../utils/frame-query.ts";
import { sortUnits } from "../utils/readings.ts";
import { commandMeaning, partyText } from "./frame-texts.ts";
import { type HexChoice, type HexChoiceGroup, HexChoiceSelect } from "./hex-choice-select.tsx";

interface FrameFiltersProps {
  value: FrameQueryState;
  onChange: (next: Partial<FrameQueryState>) => void;
  /** The task's checker's units, when known: the address choice names them. */
  units: { outdoor: TOutdoorUnit[]; indoor: TIndoorUnit[] } | undefined;
  unitsLoading: boolean;
}

/** Two hex spaces a byte, e.g. "AA 01 20": what the longest search takes typed with spaces. */
const PATTERN_INPUT_MAX = FRAME_PATTERN_MAX_BYTES * 3 + 8;

/**
 * The message report's filters: a unit's (or any) bus address, frames from or to it; a command;
 * bytes anywhere in the frame. The choices apply at once, the bytes on Enter or the search
 * button, once they are whole hex bytes (the contract's rule and message).
 */
export function FrameFilters({ value, onChange, units, unitsLoading }: FrameFiltersProps) {
  const { t } = useTranslation(["checkerTasks", "errors"]);
  const [bytes, setBytes] = useState(groupedHex(value.pattern));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setBytes(groupedHex(value.pattern));
    setProblem(null);
  }, [value.pattern]);

  const addressGroups = useMemo((): HexChoiceGroup[] => {
    const unitChoices = (side: "outdoor" | "indoor", list: readonly (TOutdoorUnit | TIndoorUnit)[]) => {
      const seen = new Map<number, HexChoice>();
      for (const unit of sortUnits(list)) {
        const address = busAddressOf(side, unit.address);
        if (seen.has(address)) continue;
        const name = partyText(t, address);
        const system = t("frames.filters.system", { system: unit.systemNumber });
        seen.set(address, {
          value: address,
          search: `${name} ${unit.model} ${system}`,
          label: (
            <span className="checker-tasks-option">
              <span>{name}</span>
              <span className="checker-tasks-muted">
                {system}
                {unit.model ? ` · ${unit.model}` : ""}
              </span>
            </span>
          ),
        });
      }
      return [...seen.values()];
    };
    const controller = partyText(t, CONTROLLER_ADDRESS);
    return [
      { label: t("frames.filters.outdoorUnits"), choices: unitChoices("outdoor", units?.outdoor ?? []) },
      { label: t("frames.filters.indoorUnits"), choices: unitChoices("indoor", units?.indoor ?? []) },
      {
        label: t("frames.filters.controllers"),
        choices: [{ value: CONTROLLER_ADDRESS, search: controller, label: controller }],
      },
    ];
  }, [units, t]);

  const commandGroups = useMemo(
    (): HexChoiceGroup[] => [
      {
        label: t("frames.filters.knownCommands"),
        choices: BUS_COMMAND_CODES.map((code) => {
          const meaning = commandMeaning(t, code);
          return {
            value: code,
            search: `${hexByte(code)} ${meaning}`,
            label: (
              <span className="checker-tasks-option">
                <span className="checker-tasks-mono">{hexByte(code)}</span>
                <span>{meaning}</span>
              </span>
            ),
          };
        }),
      },
    ],
    [t],
  );

  const search = (text: string) => {
    const pattern = normalisePattern(text);
    const found = patternProblem(pattern);
    setProblem(found);
    if (found === null) onChange({ pattern });
  };

  return (
    <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()} className="checker-tasks-filters">
      <Row gutter={[16, 0]} align="top">
        <Col xs={24} md={12} xl={8}>
          <Form.Item label={t("frames.filters.address")} htmlFor="checker-tasks-frames-address">
            <HexChoiceSelect
              id="checker-tasks-frames-address"
              value={value.address}
              onChange={(address) => onChange({ address })}
              groups={addressGroups}
              placeholder={t("frames.filters.allAddresses")}
              typed={(address) => t("frames.filters.typedAddress", { party: partyText(t, address) })}
              other={(address) => partyText(t, address)}
              notFound={t("frames.filters.addressHint")}
              loading={unitsLoading}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={7}>
          <Form.Item label={t("frames.filters.command")} htmlFor="checker-tasks-frames-command">
            <HexChoiceSelect
              id="checker-tasks-frames-command"
              value={value.command}
              onChange={(command) => onChange({ command })}
              groups={commandGroups}
              placeholder={t("frames.filters.allCommands")}
              typed={(code) => t("frames.filters.typedCommand", { hex: hexByte(code) })}
              other={(code) => `${hexByte(code)} · ${commandMeaning(t, code)}`}
              notFound={t("frames.filters.commandHint")}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={24} xl={9}>
          <Form.Item
            label={t("frames.filters.bytes")}
            htmlFor="checker-tasks-frames-bytes"
            validateStatus={problem ? "error" : undefined}
            help={problem ? t(`errors:${problem}`, { defaultValue: t("errors:hexPattern") }) : undefined}
            extra={problem ? undefined : t("frames.filters.bytesHint", { max: FRAME_PATTERN_MAX_BYTES })}
          >
            <Input.Search
              id="checker-tasks-frames-bytes"
              className="checker-tasks-mono-input"
              value={bytes}
              maxLength={PATTERN_INPUT_MAX}
              allowClear
              spellCheck={false}
              autoComplete="off"
              placeholder={t("frames.filters.bytesPlaceholder")}
              onChange={(e) => {
                setBytes(e.target.value);
                setProblem(null);
                if (e.target.value === "" && value.pattern !== "") onChange({ pattern: "" });
              }}
              onSearch={search}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
