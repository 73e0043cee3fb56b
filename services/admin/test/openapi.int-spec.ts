// The admin controllers (catalogue controllers built from a factory included) document themselves:
// every new path is in the OpenAPI document with its body schema and query parameters.
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { startAdmin, type AdminTestApp } from './admin-test-app';

describe('admin OpenAPI document', () => {
  let test: AdminTestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    test = await startAdmin('sqlite');
    document = SwaggerModule.createDocument(test.app, new DocumentBuilder().addBearerAuth().build());
  });

  afterAll(async () => {
    await test?.close();
  });

  it('lists the catalogue, registration, social, app-version and system-log paths', () => {
    const paths = Object.keys(document.paths);
    for (const path of [
      '/basic/dictionary/type', '/basic/dictionary/type/{id}', '/basic/dictionary/type/items', '/basic/dictionary/item', '/basic/manufacturer',
      '/basic/device-model', '/basic/brand', '/basic/vehicle-model', '/basic/car-factory', '/basic/engine-model', '/basic/fuel-tank',
      '/basic/fuel-tank/{id}/calibration', '/basic/vehicle-master/{id}', '/basic/vbrand/findBrand', '/basic/vmodel/findModel',
      '/basic/vmodel/findVehicleModelEngineInfoList', '/basic/vehicleMaster/getUnbindMasters', '/register', '/basic/social/autoBindSocial',
      '/app/appVersion/getLastVersionAPK', '/basic/app-version', '/basic/system-log',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('documents each catalogue body with its own DTO and the list query parameters', () => {
    const body = (path: string, method: 'post' | 'put') => JSON.stringify(document.paths[path][method]?.requestBody);
    expect(body('/basic/manufacturer', 'post')).toContain('CreateManufacturerDto');
    expect(body('/basic/fuel-tank/{id}', 'put')).toContain('UpdateFuelTankDto');
    expect(body('/basic/vehicle-master', 'post')).toContain('CreateVehicleMasterDto');
    const schema = document.components?.schemas?.CreateManufacturerDto as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['name', 'number', 'code', 'mobile']));
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'number', 'code']));
    const listParameters = (document.paths['/basic/vehicle-model'].get?.parameters ?? []).map((parameter) => (parameter as { name: string }).name);
    expect(listParameters).toEqual(expect.arrayContaining(['current', 'size', 'keyword', 'brandId']));
  });
});
