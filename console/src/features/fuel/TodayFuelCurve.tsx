import { useState, type ReactNode } from 'react';
import { formatCst } from '../monitor/liveSlice';
import { FuelCurveChart } from './FuelCurveChart';

/** The multiCar info panel's fuel tab: today's curve (China day) of the selected vehicle, refreshed every minute. */
export function TodayFuelCurve({ vehicleId, fallback }: { vehicleId: string; fallback?: ReactNode }) {
  // Fixed while the panel is shown, so polling re-asks the same window; the end is the day's last second.
  const [day] = useState(() => formatCst(Math.floor(Date.now() / 1000)).slice(0, 10));
  return <FuelCurveChart vehicleId={vehicleId} startTime={`${day} 00:00:00`} endTime={`${day} 23:59:59`} height={200} pollingInterval={60_000} fallback={fallback} />;
}
