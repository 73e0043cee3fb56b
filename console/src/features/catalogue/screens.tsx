import type { ScreenProps } from '../access/screen-props';
import { CatalogueScreen } from './CatalogueScreen';
import { SubCatalogue } from './SubCatalogueDialog';
import * as configs from './configs';
import { AppPackageDialog } from '../system/AppPackageDialog';
import { CalibrationButton } from '../fuel/CalibrationButton';

// One lazily loaded chunk for the catalogue screens (they share everything but their configs).

export function DictionaryScreen(_props: ScreenProps) {
  return (
    <CatalogueScreen
      config={configs.dictionaryTypes}
      toolbar={(selected) => (
        <SubCatalogue
          selected={selected}
          config={configs.dictionaryItems}
          parentField="typeId"
          buttonKey="dictionary.items"
          titleKey="dictionary.itemsOf"
          titleField="name"
        />
      )}
    />
  );
}

export function BrandScreen(_props: ScreenProps) {
  return (
    <CatalogueScreen
      config={configs.brands}
      toolbar={(selected) => (
        <SubCatalogue
          selected={selected}
          config={configs.vehicleModels}
          parentField="brandId"
          buttonKey="brand.models"
          titleKey="brand.modelsOf"
          titleField="name"
        />
      )}
    />
  );
}

export const ManufacturerScreen = (_props: ScreenProps) => <CatalogueScreen config={configs.manufacturers} />;
export const DeviceModelScreen = (_props: ScreenProps) => <CatalogueScreen config={configs.deviceModels} />;
export const EngineModelScreen = (_props: ScreenProps) => <CatalogueScreen config={configs.engineModels} />;
export const CarFactoryScreen = (_props: ScreenProps) => <CatalogueScreen config={configs.carFactories} />;
export const VehicleMasterScreen = (_props: ScreenProps) => <CatalogueScreen config={configs.vehicleMasters} />;
export const FuelTankScreen = (_props: ScreenProps) => <CatalogueScreen config={configs.fuelTanks} toolbar={(selected) => <CalibrationButton selected={selected} />} />;
export const AppVersionScreen = (_props: ScreenProps) => <CatalogueScreen config={configs.appVersions} toolbar={() => <AppPackageDialog />} />;
