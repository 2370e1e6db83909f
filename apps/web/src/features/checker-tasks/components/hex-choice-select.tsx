import { Select } from "antd";
import { type ReactNode, useMemo, useState } from "react";
import { parseBusAddress } from "../utils/bus-frames.ts";

export interface HexChoice {
  value: number;
  label: ReactNode;
  /** What typing finds it by (its words and its hex). */
  search: string;
}

export interface HexChoiceGroup {
  label: string;
  choices: HexChoice[];
}

interface HexChoiceSelectProps {
  id: string;
  value: number | null;
  onChange: (value: number | null) => void;
  groups: HexChoiceGroup[];
  placeholder: string;
  /** The label of a byte typed in hex that no choice offers ("Address 0x71"). */
  typed: (value: number) => ReactNode;
  /** The label of a chosen value no choice offers (from the address bar). */
  other: (value: number) => ReactNode;
  notFound: string;
  loading?: boolean;
}

/**
 * A choice of one byte (a bus address, a command) among named ones, searched by their words or
 * hex as the user types; a byte typed in hex ("71", "0x71") that is not offered can be chosen too.
 */
export function HexChoiceSelect(props: HexChoiceSelectProps) {
  const { groups, value, typed, other } = props;
  const [search, setSearch] = useState("");

  const options = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const offered = new Set(groups.flatMap((group) => group.choices.map((choice) => choice.value)));
    const typedValue = parseBusAddress(search);
    const extra: { value: number; label: ReactNode }[] = [];
    if (typedValue !== null && !offered.has(typedValue)) extra.push({ value: typedValue, label: typed(typedValue) });
    if (value !== null && !offered.has(value) && value !== typedValue) extra.push({ value, label: other(value) });
    const listed = groups
      .map((group) => ({
        label: group.label,
        title: group.label,
        options: group.choices
          .filter((choice) => !needle || choice.search.toLowerCase().includes(needle))
          .map((choice) => ({ value: choice.value, label: choice.label })),
      }))
      .filter((group) => group.options.length > 0);
    return [...extra, ...listed];
  }, [groups, search, value, typed, other]);

  return (
    <Select<number>
      id={props.id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(next) => {
        setSearch("");
        props.onChange(next ?? null);
      }}
      onClear={() => setSearch("")}
      onBlur={() => setSearch("")}
      options={options}
      allowClear
      loading={props.loading}
      placeholder={props.placeholder}
      notFoundContent={props.notFound}
      popupMatchSelectWidth={false}
      style={{ width: "100%" }}
    />
  );
}
