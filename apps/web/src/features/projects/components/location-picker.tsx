import L from "leaflet";
import { useEffect, useRef } from "react";
import { roundCoordinate } from "../utils/project-form-values.ts";
import { createBaseMap } from "./base-map.ts";

const PIN = L.divIcon({
  className: "",
  html: '<div class="project-pin"></div>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});
const WORLD_CENTER: L.LatLngTuple = [25, 30];

interface LocationPickerProps {
  latitude: number | null;
  longitude: number | null;
  tileUrl: string | null;
  disabled?: boolean;
  onPick: (latitude: number, longitude: number) => void;
  label: string;
}

/** A map where a click or a dragged marker sets the project's coordinates. */
export function LocationPicker({ latitude, longitude, tileUrl, disabled, onPick, label }: LocationPickerProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const centred = useRef(false);
  const locked = useRef(disabled);
  locked.current = disabled;

  useEffect(() => {
    if (!element.current) return;
    const instance = createBaseMap(element.current, tileUrl);
    instance.setView(WORLD_CENTER, 2);
    instance.on("click", (event: L.LeafletMouseEvent) => {
      if (locked.current) return;
      // A click is a deliberate choice where the user looks: no re-centring.
      centred.current = true;
      const wrapped = event.latlng.wrap();
      pick.current(roundCoordinate(wrapped.lat), roundCoordinate(wrapped.lng));
    });
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      pin.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (latitude === null || longitude === null || Number.isNaN(latitude) || Number.isNaN(longitude)) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    if (pin.current) {
      pin.current.setLatLng([latitude, longitude]);
    } else {
      const created = L.marker([latitude, longitude], { icon: PIN, draggable: !locked.current, keyboard: false });
      created.on("dragend", () => {
        const position = created.getLatLng().wrap();
        pick.current(roundCoordinate(position.lat), roundCoordinate(position.lng));
      });
      created.addTo(instance);
      pin.current = created;
    }
    // A saved position is shown close up once; later, typed coordinates outside the view are brought into it.
    if (!centred.current) {
      centred.current = true;
      instance.setView([latitude, longitude], 12);
    } else if (!instance.getBounds().contains([latitude, longitude])) {
      instance.panTo([latitude, longitude]);
    }
  }, [latitude, longitude]);

  useEffect(() => {
    if (!pin.current?.dragging) return;
    if (disabled) pin.current.dragging.disable();
    else pin.current.dragging.enable();
  }, [disabled]);

  return <div ref={element} className="project-location-map" role="application" aria-label={label} />;
}
