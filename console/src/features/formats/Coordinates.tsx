import { useTranslation } from 'react-i18next';
import { formatLngLat, LNG_LAT_LABEL_KEY } from './coordinates';
import './formats.css';

/** A position as every screen writes it: "longitude, latitude", six decimals, the order named on hover. */
export function Coordinates({ lng, lat }: { lng: number | null | undefined; lat: number | null | undefined }) {
  const { t } = useTranslation();
  const text = formatLngLat(lng, lat);
  return (
    <span className="of-coordinates" title={`${t(LNG_LAT_LABEL_KEY)}: ${text}`}>
      {text}
    </span>
  );
}
