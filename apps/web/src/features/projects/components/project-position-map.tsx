import L from "leaflet";
import { useEffect, useRef } from "react";
import { createBaseMap, destroyMap } from "./base-map.ts";

const PIN = L.divIcon({
  className: "",
  html: '<div class="project-pin"></div>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});

/**
 * How close the small map shows the project: its streets over tiles; over the drawn world, the
 * region around it, so coasts and borders in its few hundred pixels tell where it is.
 */
const positionZoom = (tileUrl: string | null): number => (tileUrl ? 12 : 6);

/** A small read-only map with the project's pin. */
export function ProjectPositionMap(props: {
  latitude: number;
  longitude: number;
  tileUrl: string | null;
  label: string;
}) {
  const { latitude, longitude, tileUrl, label } = props;
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!element.current) return;
    const map = createBaseMap(element.current, tileUrl, { scrollWheelZoom: false });
    map.setView([latitude, longitude], positionZoom(tileUrl));
    L.marker([latitude, longitude], { icon: PIN, keyboard: false, interactive: false }).addTo(map);
    return () => {
      destroyMap(map);
    };
  }, [latitude, longitude, tileUrl]);

  return <div ref={element} className="project-position-map" role="img" aria-label={label} />;
}
