import type { ScreenProps } from '../access/screen-props';
import { accident, inspection, insurance, maintenance, violation } from './record-kinds';
import { RecordScreen } from './RecordScreen';

// One lazily loaded chunk for the five record screens (they differ only in their kind's config).
export const InsuranceScreen = (_props: ScreenProps) => <RecordScreen config={insurance} />;
export const MaintenanceScreen = (_props: ScreenProps) => <RecordScreen config={maintenance} />;
export const InspectionScreen = (_props: ScreenProps) => <RecordScreen config={inspection} />;
export const ViolationScreen = (_props: ScreenProps) => <RecordScreen config={violation} />;
export const AccidentScreen = (_props: ScreenProps) => <RecordScreen config={accident} />;
