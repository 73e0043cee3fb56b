import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, vehicleRegistryProvider } from '@openfleet/auth';
import { LocalFileStore, PlatformConfig, PROCESS_ENV, ServiceStorageModule, SmsCode, SmsCodes1734500000000, loadConfig, serviceConfigProvider, smsProviders } from '@openfleet/service-kit';
import { join } from 'node:path';
import { ADMIN_CONFIG, AdminConfig } from './admin-config';
import { AdminSeeder } from './admin-seeder';
import { APP_PACKAGE_STORE, AppPackageService } from './app-version/app-package.service';
import { AppPackageController, AppUpdateController, AppVersionController } from './app-version/app-version.controller';
import { AppVersion } from './app-version/app-version.entity';
import { AppVersionService } from './app-version/app-version.service';
import { AuthController } from './auth/auth.controller';
import { BrandController, VehicleModelController } from './brand/brand.controller';
import { VehicleBrand, VehicleModel } from './brand/brand.entity';
import { BrandService, VehicleModelService } from './brand/brand.service';
import { CarFactoryController } from './car-factory/car-factory.controller';
import { CarFactory } from './car-factory/car-factory.entity';
import { CarFactoryService } from './car-factory/car-factory.service';
import { LoginService } from './auth/login.service';
import { RefreshSession, SpentRefreshToken } from './auth/refresh-session.entity';
import { SessionService } from './auth/session.service';
import { CompanyController } from './company/company.controller';
import { Company } from './company/company.entity';
import { CompanyService } from './company/company.service';
import { OrganisationTreeService } from './company/organisation-tree.service';
import { DictionaryItemController, DictionaryTypeController } from './dictionary/dictionary.controller';
import { DictionaryItem, DictionaryType } from './dictionary/dictionary.entity';
import { DictionaryItemService, DictionaryTypeService } from './dictionary/dictionary.service';
import { DriverController } from './driver/driver.controller';
import { Driver } from './driver/driver.entity';
import { DriverService } from './driver/driver.service';
import { EngineModelController } from './engine-model/engine-model.controller';
import { EngineModel } from './engine-model/engine-model.entity';
import { EngineModelService } from './engine-model/engine-model.service';
import { MasterDataExcelController } from './excel/master-data-excel.controller';
import { MasterDataExcelService } from './excel/master-data-excel.service';
import { FleetController } from './fleet/fleet.controller';
import { Fleet } from './fleet/fleet.entity';
import { FleetService } from './fleet/fleet.service';
import { FuelTankController } from './fuel-tank/fuel-tank.controller';
import { FuelTank, FuelTankCalibration } from './fuel-tank/fuel-tank.entity';
import { FuelTankService } from './fuel-tank/fuel-tank.service';
import { FuelTankBinding } from './fuel-tank/fuel-tank-binding.entity';
import { FuelTankBindingController } from './fuel-tank/fuel-tank-binding.controller';
import { FuelTankBindingService } from './fuel-tank/fuel-tank-binding.service';
import { FuelTankPublisher } from './fuel-tank/fuel-tank.publisher';
import { DeviceModelController, ManufacturerController } from './manufacturer/manufacturer.controller';
import { DeviceModel, Manufacturer } from './manufacturer/manufacturer.entity';
import { DeviceModelService, ManufacturerService } from './manufacturer/manufacturer.service';
import { MasterDataController } from './master-data/master-data.controller';
import { VehicleModelLookupService } from './master-data/vehicle-model-lookup.service';
import { MenuController } from './menu/menu.controller';
import { MenuNode } from './menu/menu.entity';
import { MenuService } from './menu/menu.service';
import { MenuEditController } from './menu/menu-edit.controller';
import { MenuEditService } from './menu/menu-edit.service';
import { CompanyAdminAccountService } from './company/company-admin-account.service';
import { CompanyLogoController } from './company/company-extras.controller';
import { COMPANY_LOGO_STORE, CompanyLogoService } from './company/company-logo.service';
import { ManagementFields1734300000000 } from './migrations/1734300000000-management-fields';
import { TerminalSessionAddress1734600000000 } from './migrations/1734600000000-terminal-session-address';
import { UserVehicleGrants1734750000000 } from './migrations/1734750000000-user-vehicle-grants';
import { TerminalSessionAddressConsumer } from './terminal/terminal-session-address.consumer';
import { CreateAdminTables1732250000000 } from './migrations/1732250000000-create-admin-tables';
import { CreateOperationLog1732260000000 } from './migrations/1732260000000-create-operation-log';
import { CreateCatalogues1732270000000 } from './migrations/1732270000000-create-catalogues';
import { CreateSocialAndAppVersion1732280000000 } from './migrations/1732280000000-create-social-and-app-version';
import { CreateSystemLog1732290000000 } from './migrations/1732290000000-create-system-log';
import { TerminalDeviceId1732320000000 } from './migrations/1732320000000-terminal-device-id';
import { SpentRefreshTokens1732330000000 } from './migrations/1732330000000-spent-refresh-tokens';
import { MenuOrder1732340000000 } from './migrations/1732340000000-menu-order';
import { VehicleEmission1732350000000 } from './migrations/1732350000000-vehicle-emission';
import { SystemNotice1732360000000 } from './migrations/1732360000000-system-notice';
import { TerminalVideoChannels1732370000000 } from './migrations/1732370000000-terminal-video-channels';
import { FuelTankVehicle1733290000000 } from './migrations/1733290000000-fuel-tank-vehicle';
import { PressReleaseAndFeedback1734200000000 } from './migrations/1734200000000-press-release-and-feedback';
import { FeedbackController } from './feedback/feedback.controller';
import { Feedback } from './feedback/feedback.entity';
import { FEEDBACK_FILE_STORE } from './feedback/feedback-image';
import { FeedbackService } from './feedback/feedback.service';
import { NoticeInboxController, PressReleaseController } from './press-release/press-release.controller';
import { NoticeDelivery, NoticeReceipt } from './press-release/notice-receipt.entity';
import { NoticeInboxService } from './press-release/notice-inbox.service';
import { PressReleaseSenderService } from './press-release/press-release-sender.service';
import { PressReleaseService } from './press-release/press-release.service';
import { NoticeController, PublishedNoticeController } from './notice/notice.controller';
import { SystemNotice } from './notice/notice.entity';
import { NoticeService } from './notice/notice.service';
import { OperationLogController } from './operation-log/operation-log.controller';
import { OperationLog } from './operation-log/operation-log.entity';
import { OperationLogInterceptor } from './operation-log/operation-log.interceptor';
import { RegisterController } from './register/register.controller';
import { RegistrationService } from './register/registration.service';
import { RegistryPublisher } from './registry/registry.publisher';
import { RoleController } from './role/role.controller';
import { Role } from './role/role.entity';
import { RoleService } from './role/role.service';
import { SimCardController } from './sim-card/sim-card.controller';
import { SimCard } from './sim-card/sim-card.entity';
import { SimCardService } from './sim-card/sim-card.service';
import { SmsCodeService } from './sms/sms-code.service';
import { SocialController } from './social/social.controller';
import { SystemLogController } from './system-log/system-log.controller';
import { SystemLog } from './system-log/system-log.entity';
import { SystemLogService } from './system-log/system-log.service';
import { UserSocial } from './social/user-social.entity';
import { SMS_PROVIDER } from './sms/sms-provider';
import { SmsController } from './sms/sms.controller';
import { TerminalController } from './terminal/terminal.controller';
import { Terminal } from './terminal/terminal.entity';
import { TerminalService } from './terminal/terminal.service';
import { TerminalRegistrationConsumer } from './terminal/terminal-registration.consumer';
import { User, UserRole } from './user/user.entity';
import { UserController } from './user/user.controller';
import { UserNamesController } from './user/user-names.controller';
import { UserService } from './user/user.service';
import { VgPowerController } from './vg-power/vg-power.controller';
import { VgPowerService } from './vg-power/vg-power.service';
import { VehicleExcelService } from './vehicle/vehicle-excel.service';
import { VehicleTreeService } from './vehicle/vehicle-tree.service';
import { VehicleController } from './vehicle/vehicle.controller';
import { Vehicle } from './vehicle/vehicle.entity';
import { VehicleService } from './vehicle/vehicle.service';
import { VehicleMasterController } from './vehicle-master/vehicle-master.controller';
import { VehicleMaster } from './vehicle-master/vehicle-master.entity';
import { VehicleMasterService } from './vehicle-master/vehicle-master.service';

const CATALOGUE_ENTITIES = [
  DictionaryType, DictionaryItem, Manufacturer, DeviceModel, VehicleBrand, VehicleModel, CarFactory, EngineModel, FuelTank, FuelTankCalibration, FuelTankBinding, VehicleMaster,
  UserSocial, AppVersion, SystemLog, SystemNotice, NoticeReceipt, NoticeDelivery, Feedback,
];
export const ADMIN_ENTITIES = [Company, Fleet, User, UserRole, Role, RefreshSession, SpentRefreshToken, MenuNode, Vehicle, Terminal, SimCard, Driver, OperationLog, SmsCode, ...CATALOGUE_ENTITIES];
export const ADMIN_MIGRATIONS = [CreateAdminTables1732250000000, CreateOperationLog1732260000000, CreateCatalogues1732270000000, CreateSocialAndAppVersion1732280000000, CreateSystemLog1732290000000, TerminalDeviceId1732320000000, SpentRefreshTokens1732330000000, MenuOrder1732340000000, VehicleEmission1732350000000, SystemNotice1732360000000, TerminalVideoChannels1732370000000, FuelTankVehicle1733290000000, PressReleaseAndFeedback1734200000000, ManagementFields1734300000000, SmsCodes1734500000000, TerminalSessionAddress1734600000000, UserVehicleGrants1734750000000];

/**
 * Accounts, permissions and master data: login and tokens, companies and fleets, users, roles, menus,
 * vehicles, terminals, SIM cards, drivers. Publishes the registry snapshot topics. Composable.
 */
@Module({
  imports: [
    ServiceStorageModule.forService('admin', { entities: ADMIN_ENTITIES, migrations: ADMIN_MIGRATIONS }),
    TypeOrmModule.forFeature(ADMIN_ENTITIES, 'admin'),
    AuthModule,
    ThrottlerModule.forRootAsync({
      inject: [PROCESS_ENV],
      useFactory: (env: NodeJS.ProcessEnv) => [{ ttl: 60_000, limit: loadConfig(AdminConfig, env).AUTH_RATE_LIMIT_PER_MINUTE }],
    }),
  ],
  controllers: [
    AuthController,
    MenuController,
    MenuEditController,
    CompanyController,
    CompanyLogoController,
    FleetController,
    UserController,
    UserNamesController,
    VgPowerController,
    RoleController,
    VehicleController,
    TerminalController,
    SimCardController,
    DriverController,
    MasterDataController,
    OperationLogController,
    SystemLogController,
    PressReleaseController,
    NoticeInboxController,
    FeedbackController,
    // Its `basic/:resource/export|import|template` routes come after every fixed `basic/<x>/export`.
    MasterDataExcelController,
    SmsController,
    DictionaryTypeController,
    DictionaryItemController,
    ManufacturerController,
    DeviceModelController,
    BrandController,
    VehicleModelController,
    CarFactoryController,
    EngineModelController,
    FuelTankController,
    FuelTankBindingController,
    VehicleMasterController,
    RegisterController,
    SocialController,
    AppVersionController,
    AppPackageController,
    NoticeController,
    PublishedNoticeController,
    AppUpdateController,
  ],
  providers: [
    serviceConfigProvider(ADMIN_CONFIG, AdminConfig),
    AdminSeeder,
    OperationLogInterceptor,
    RegistryPublisher,
    TerminalRegistrationConsumer,
    SessionService,
    LoginService,
    CompanyService,
    OrganisationTreeService,
    FleetService,
    UserService,
    VgPowerService,
    RoleService,
    MenuService,
    VehicleService,
    VehicleTreeService,
    vehicleRegistryProvider({ service: 'admin', follow: { vehicles: false, states: true } }),
    VehicleExcelService,
    MasterDataExcelService,
    SmsCodeService,
    ...smsProviders('admin'),
    TerminalService,
    SimCardService,
    DriverService,
    DictionaryTypeService,
    DictionaryItemService,
    ManufacturerService,
    DeviceModelService,
    BrandService,
    VehicleModelService,
    CarFactoryService,
    EngineModelService,
    FuelTankService,
    FuelTankPublisher,
    FuelTankBindingService,
    VehicleMasterService,
    VehicleModelLookupService,
    RegistrationService,
    AppVersionService,
    AppPackageService,
    {
      provide: APP_PACKAGE_STORE,
      inject: [ADMIN_CONFIG, PROCESS_ENV],
      useFactory: (config: AdminConfig, env: NodeJS.ProcessEnv) => new LocalFileStore(config.ADMIN_APP_PACKAGE_DIR || join(loadConfig(PlatformConfig, env).DATA_DIR, 'app-packages')),
    },
    NoticeService,
    SystemLogService,
    PressReleaseService,
    PressReleaseSenderService,
    NoticeInboxService,
    FeedbackService,
    MenuEditService,
    TerminalSessionAddressConsumer,
    CompanyAdminAccountService,
    CompanyLogoService,
    {
      provide: COMPANY_LOGO_STORE,
      inject: [PROCESS_ENV],
      useFactory: (env: NodeJS.ProcessEnv) => new LocalFileStore(join(loadConfig(PlatformConfig, env).DATA_DIR, 'company-logos')),
    },
    {
      provide: FEEDBACK_FILE_STORE,
      inject: [PROCESS_ENV],
      useFactory: (env: NodeJS.ProcessEnv) => new LocalFileStore(join(loadConfig(PlatformConfig, env).DATA_DIR, 'feedback')),
    },
  ],
  exports: [AdminSeeder, SMS_PROVIDER],
})
export class AdminModule {}
