import { isIdCardNumber } from '@openfleet/contracts/validation-rules';
import { codeNameRule, codeOptions, mobileRule, nameRule } from '../master-data/rules';
import type { CatalogueConfig } from './catalogue';

// Client copies of the catalogue DTO rules (services/admin/src/*/dto, docs/admin.md).
const match =
  (pattern: RegExp, key: string) =>
  (value: string): string | null =>
    pattern.test(value) ? null : key;
const productName = match(/^[\u4e00-\u9fa5A-Za-z0-9][\u4e00-\u9fa5A-Za-z0-9 ._-]*$/, 'validation.productName');
const dictionaryCode = match(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'validation.dictionaryCode');
const manufacturerNumber = match(/^[1-9A-Za-z][0-9A-Za-z]{4}$/, 'validation.manufacturerNumber');
const lettersDigits15 = match(/^[A-Za-z0-9]{1,15}$/, 'validation.lettersDigits15');
const lettersDigits32 = match(/^[A-Za-z0-9]{1,32}$/, 'validation.lettersDigits32');
const engineModel = match(/^[A-Za-z0-9._-]{1,32}$/, 'validation.engineModel');
const displacement = match(/^\d{1,3}(\.\d{1,2})?$/, 'validation.displacement');
const intRange = (min: number, max: number) => (value: string) =>
  /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max ? null : 'validation.intRange';
/** Spec §5: 18-character resident ID with a valid date and check character (the server's own check). */
export function idCardProblem(value: string): string | null {
  return isIdCardNumber(value) ? null : 'validation.idCard';
}

const remark = { name: 'remark', labelKey: 'catalogue.remark', kind: 'textarea', maxLength: 255, width: 200 } as const;

export const dictionaryTypes: CatalogueConfig = {
  screen: 'dataDictionary',
  path: 'basic/dictionary/type',
  i18n: 'dictionary',
  width: 600,
  fields: [
    { name: 'code', labelKey: 'dictionary.code', required: true, validate: dictionaryCode, sortable: true, width: 160 },
    { name: 'name', labelKey: 'dictionary.name', required: true, maxLength: 32, validate: codeNameRule, sortable: true, width: 180 },
    remark,
  ],
};

export const dictionaryItems: CatalogueConfig = {
  screen: 'dataDictionary',
  path: 'basic/dictionary/item',
  i18n: 'dictionaryItem',
  width: 600,
  fields: [
    { name: 'typeId', labelKey: 'dictionaryItem.typeId', numeric: true, required: true },
    { name: 'label', labelKey: 'dictionaryItem.label', required: true, maxLength: 64, sortable: true, width: 160 },
    { name: 'value', labelKey: 'dictionaryItem.value', required: true, maxLength: 64, sortable: true, width: 140 },
    { name: 'sort', labelKey: 'dictionaryItem.sort', numeric: true, validate: intRange(0, 9999), sortable: true, width: 80 },
    remark,
  ],
};

export const manufacturers: CatalogueConfig = {
  screen: 'supplier',
  path: 'basic/manufacturer',
  i18n: 'manufacturer',
  width: 750,
  fields: [
    { name: 'name', labelKey: 'manufacturer.name', required: true, maxLength: 64, validate: codeNameRule, sortable: true, width: 180 },
    { name: 'number', labelKey: 'manufacturer.number', required: true, validate: manufacturerNumber, sortable: true, width: 100 },
    { name: 'code', labelKey: 'manufacturer.code', required: true, validate: lettersDigits15, width: 120 },
    { name: 'province', labelKey: 'manufacturer.province', maxLength: 32, width: 100 },
    { name: 'city', labelKey: 'manufacturer.city', maxLength: 32, width: 100 },
    { name: 'contact', labelKey: 'manufacturer.contact', maxLength: 32, width: 100 },
    { name: 'mobile', labelKey: 'manufacturer.mobile', validate: mobileRule, width: 130 },
    remark,
  ],
};

export const deviceModels: CatalogueConfig = {
  screen: 'deviceTypeM',
  path: 'basic/device-model',
  i18n: 'deviceModel',
  width: 600,
  fields: [
    {
      name: 'manufacturerId',
      labelKey: 'deviceModel.manufacturer',
      numeric: true,
      required: true,
      width: 200,
      reference: { url: 'basic/manufacturer?size=1000', paged: true, labelField: 'name', needs: 'supplier:search' },
    },
    { name: 'model', labelKey: 'deviceModel.model', required: true, maxLength: 32, sortable: true, width: 180 },
    remark,
  ],
};

export const brands: CatalogueConfig = {
  screen: 'carBrandManagement',
  path: 'basic/brand',
  i18n: 'brand',
  width: 440,
  fields: [{ name: 'name', labelKey: 'brand.name', required: true, maxLength: 32, validate: productName, sortable: true, width: 200 }, remark],
};

export const vehicleModels: CatalogueConfig = {
  screen: 'carBrandManagement',
  path: 'basic/vehicle-model',
  i18n: 'vehicleModel',
  width: 600,
  fields: [
    { name: 'brandId', labelKey: 'vehicleModel.brand', numeric: true, required: true },
    { name: 'name', labelKey: 'vehicleModel.name', required: true, maxLength: 32, validate: productName, sortable: true, width: 160 },
    {
      name: 'engineModelId',
      labelKey: 'vehicleModel.engine',
      numeric: true,
      width: 160,
      reference: { url: 'basic/engine-model?size=1000', paged: true, labelField: 'model', needs: 'engineModelManagement:search' },
    },
    {
      name: 'carFactoryId',
      labelKey: 'vehicleModel.factory',
      numeric: true,
      width: 160,
      reference: { url: 'basic/car-factory?size=1000', paged: true, labelField: 'name', needs: 'carFactory:search' },
    },
    remark,
  ],
};

export const engineModels: CatalogueConfig = {
  screen: 'engineModelManagement',
  path: 'basic/engine-model',
  i18n: 'engineModel',
  width: 750,
  fields: [
    { name: 'model', labelKey: 'engineModel.model', required: true, validate: engineModel, sortable: true, width: 160 },
    { name: 'manufacturer', labelKey: 'engineModel.manufacturer', maxLength: 64, width: 160 },
    { name: 'displacement', labelKey: 'engineModel.displacement', validate: displacement, width: 110 },
    { name: 'power', labelKey: 'engineModel.power', numeric: true, validate: intRange(1, 5000), sortable: true, width: 100 },
    { name: 'torque', labelKey: 'engineModel.torque', numeric: true, validate: intRange(1, 20000), width: 100 },
    {
      name: 'emissionStandard',
      labelKey: 'engineModel.emission',
      kind: 'select',
      numeric: true,
      options: codeOptions('engineModel.emission', [1, 2, 3, 4, 5, 6]),
      sortable: true,
      width: 110,
    },
    remark,
  ],
};

export const carFactories: CatalogueConfig = {
  screen: 'carFactory',
  path: 'basic/car-factory',
  i18n: 'carFactory',
  width: 750,
  fields: [
    { name: 'name', labelKey: 'carFactory.name', required: true, maxLength: 64, validate: codeNameRule, sortable: true, width: 180 },
    { name: 'code', labelKey: 'carFactory.code', validate: lettersDigits32, width: 120 },
    { name: 'address', labelKey: 'carFactory.address', maxLength: 128, width: 200 },
    { name: 'contact', labelKey: 'carFactory.contact', maxLength: 32, width: 100 },
    { name: 'mobile', labelKey: 'carFactory.mobile', validate: mobileRule, width: 130 },
    remark,
  ],
};

export const vehicleMasters: CatalogueConfig = {
  screen: 'vehicleMaster',
  path: 'basic/vehicle-master',
  i18n: 'vehicleMaster',
  width: 600,
  fields: [
    { name: 'name', labelKey: 'vehicleMaster.name', required: true, maxLength: 32, validate: nameRule, sortable: true, width: 130 },
    { name: 'phone', labelKey: 'vehicleMaster.phone', required: true, validate: mobileRule, sortable: true, width: 130 },
    { name: 'idCard', labelKey: 'vehicleMaster.idCard', validate: idCardProblem, width: 190 },
    { name: 'address', labelKey: 'vehicleMaster.address', maxLength: 128, width: 200 },
    {
      name: 'companyId',
      labelKey: 'common.company',
      numeric: true,
      width: 160,
      reference: { url: 'basic/sysEnterprise/getEnterpriseTreeList', paged: false, labelField: 'name' },
    },
    remark,
  ],
};

/** Fuel tanks (the calibration table is not edited here yet). */
export const fuelTanks: CatalogueConfig = {
  screen: 'fuelTank',
  path: 'basic/fuel-tank',
  i18n: 'fuelTank',
  width: 600,
  fields: [
    { name: 'name', labelKey: 'fuelTank.name', required: true, maxLength: 32, validate: codeNameRule, sortable: true, width: 160 },
    { name: 'capacity', labelKey: 'fuelTank.capacity', required: true, numeric: true, validate: intRange(1, 100000), sortable: true, width: 110 },
    { name: 'height', labelKey: 'fuelTank.height', required: true, numeric: true, validate: intRange(1, 10000), width: 110 },
    {
      name: 'companyId',
      labelKey: 'common.company',
      numeric: true,
      width: 160,
      reference: { url: 'basic/sysEnterprise/getEnterpriseTreeList', paged: false, labelField: 'name' },
    },
    remark,
  ],
};

const versionName = match(/^\d{1,4}(\.\d{1,4}){1,3}$/, 'validation.versionName');
const httpUrl = match(/^https?:\/\/\S+$/, 'validation.url');

/** App releases (systemLog group's appVersion): what `app/appVersion/getLastVersionAPK` answers the app. */
export const appVersions: CatalogueConfig = {
  screen: 'appVersion',
  path: 'basic/app-version',
  i18n: 'appVersion',
  width: 600,
  fields: [
    { name: 'platform', labelKey: 'appVersion.platform', kind: 'select', options: [{ value: 'android', label: 'Android' }, { value: 'ios', label: 'iOS' }], required: true, lockedOnEdit: true, width: 90 },
    { name: 'versionName', labelKey: 'appVersion.versionName', required: true, validate: versionName, sortable: true, width: 110 },
    { name: 'versionCode', labelKey: 'appVersion.versionCode', numeric: true, required: true, validate: intRange(1, 2147483647), lockedOnEdit: true, sortable: true, width: 100 },
    { name: 'downloadUrl', labelKey: 'appVersion.downloadUrl', required: true, maxLength: 255, validate: httpUrl, width: 280 },
    { name: 'forceUpdate', labelKey: 'appVersion.forceUpdate', kind: 'select', numeric: true, options: [{ value: '0', labelKey: 'appVersion.no' }, { value: '1', labelKey: 'appVersion.yes' }], width: 90 },
    { name: 'changelog', labelKey: 'appVersion.changelog', kind: 'textarea', maxLength: 1000, width: 260 },
  ],
};
