import { EnvironmentOutlined } from "@ant-design/icons";
import { PLACE_QUERY_MAX, PLACE_QUERY_MIN, type TPlace } from "@vrf/contract/projects/place-search.ts";
import { Input, Spin, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-text.ts";
import { type PlaceQuery, usePlaceSearch } from "../api/use-place-search.ts";

interface PlaceSearchProps {
  /** The form's country: the search keeps to it when one is chosen. */
  countryCode: string | undefined;
  disabled?: boolean;
  onChoose: (place: TPlace) => void;
}

/**
 * Finds an address or a place through the deployment's geocoder (offered where GEOCODER_URL is
 * set): one search per Enter or button, the places found as a list; choosing one sets the
 * location and brings the map there.
 */
export function PlaceSearch({ countryCode, disabled, onChoose }: PlaceSearchProps) {
  const { t } = useTranslation(["projects", "errors"]);
  const [text, setText] = useState("");
  const [query, setQuery] = useState<PlaceQuery | null>(null);
  const [tooShort, setTooShort] = useState(false);
  const [open, setOpen] = useState(false);
  const places = usePlaceSearch(query);

  const search = (value: string) => {
    const q = value.trim();
    if (q.length < PLACE_QUERY_MIN) {
      setTooShort(q.length > 0);
      setOpen(false);
      return;
    }
    setTooShort(false);
    // Geocoders know ISO country codes only; a region code of another form searches everywhere.
    setQuery({ q, countryCode: countryCode && /^[A-Za-z]{2}$/.test(countryCode) ? countryCode : undefined });
    setOpen(true);
  };

  const choose = (place: TPlace) => {
    setOpen(false);
    onChoose(place);
  };

  let results: ReactNode = null;
  if (tooShort) {
    results = <Typography.Text type="secondary">{t("form.placeTooShort", { count: PLACE_QUERY_MIN })}</Typography.Text>;
  } else if (open && query && places.isFetching) {
    results = <Spin size="small" />;
  } else if (open && query && places.isError) {
    results = (
      <Typography.Text type="danger" role="alert">
        {t("form.placeFailed", { reason: errorMessage(t, places.error) })}
      </Typography.Text>
    );
  } else if (open && query && places.data) {
    results =
      places.data.places.length === 0 ? (
        <Typography.Text type="secondary" role="status">
          {t("form.placeNone", { query: query.q })}
        </Typography.Text>
      ) : (
        <ul className="project-place-results" aria-label={t("form.placeResults")}>
          {places.data.places.map((place) => (
            <li key={`${place.latitude},${place.longitude},${place.label}`}>
              <button type="button" className="project-place-result" onClick={() => choose(place)} disabled={disabled}>
                <EnvironmentOutlined aria-hidden="true" />
                <span>{place.label}</span>
              </button>
            </li>
          ))}
        </ul>
      );
  }

  return (
    // Enter searches; inside the project form it must not also submit the form.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops Enter's default; the input handles the key.
    <div
      className="project-place-search"
      onKeyDown={(event) => {
        if (event.key === "Enter") event.preventDefault();
      }}
    >
      <Input.Search
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setTooShort(false);
        }}
        onSearch={search}
        placeholder={t("form.placeSearch")}
        aria-label={t("form.placeSearch")}
        enterButton={t("form.placeSearchAction")}
        maxLength={PLACE_QUERY_MAX}
        loading={places.isFetching}
        disabled={disabled}
        allowClear
      />
      {results ? <div className="project-place-search-results">{results}</div> : null}
    </div>
  );
}
