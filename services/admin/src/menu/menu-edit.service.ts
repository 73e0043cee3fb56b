import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { CompanyService } from '../company/company.service';
import type { CreateMenuNodeDto, UpdateMenuNodeDto } from './dto/menu-node.dto';
import { MenuNode, MenuNodeType, MenuOrigin } from './menu.entity';
import { MENU_ROOT_ID } from './menu-seed';

/** Ids of operator-made nodes start here, far above every position-derived seed id, so seeded ids never move. */
export const FIRST_ADDED_MENU_ID = 10_000_000;

/** Which node types a parent of each type may hold. */
const ALLOWED_CHILDREN: Record<number, number[]> = {
  [MenuNodeType.DIRECTORY]: [MenuNodeType.DIRECTORY, MenuNodeType.MENU],
  [MenuNodeType.MENU]: [MenuNodeType.BUTTON],
  [MenuNodeType.BUTTON]: [],
};

/**
 * Menu and button resources edited on /index/newMune. The menu is platform-wide (it has no company),
 * so only the platform owner's operators (the root company) change it; other tenants answer 403 even
 * with the codes. Seeded nodes keep their ids and their action codes (the API checks those codes);
 * an edited seeded node is no longer refreshed by the start-up seed sync, a deleted one stays deleted.
 */
@Injectable()
export class MenuEditService {
  constructor(
    @InjectRepository(MenuNode, 'admin') private readonly menus: Repository<MenuNode>,
    private readonly companies: CompanyService,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
  ) {}

  async get(id: number): Promise<MenuNode> {
    const node = await this.menus.findOne({ where: { id, removed: 0 } });
    // Unknown and deleted nodes answer like the other catalogues' missing rows.
    if (!node) throw new AppError(ErrorCode.NO_PERMISSION);
    return node;
  }

  async create(user: AuthUser, dto: CreateMenuNodeDto): Promise<MenuNode> {
    await this.assertPlatformOwner(user);
    const parent = await this.parentFor(dto.parentId, dto.type);
    const node = this.menus.create({
      parentId: parent.id,
      label: dto.label.trim(),
      nodeType: dto.type,
      icon: dto.icon ?? '',
      sort: dto.sort ?? 0,
      origin: MenuOrigin.ADDED,
      removed: 0,
      ...this.pathAndCode(dto.type, parent, dto.href, dto.actionCode),
    });
    return this.dataSource.transaction(async (manager) => {
      await this.assertUnique(manager, node);
      const top = await manager.getRepository(MenuNode).createQueryBuilder('menu').select('MAX(menu.id)', 'max').getRawOne<{ max: string | number | null }>();
      node.id = Math.max(FIRST_ADDED_MENU_ID, Number(top?.max ?? 0) + 1);
      return manager.getRepository(MenuNode).save(node);
    });
  }

  async update(user: AuthUser, id: number, dto: UpdateMenuNodeDto): Promise<MenuNode> {
    await this.assertPlatformOwner(user);
    const node = await this.get(id);
    if (id === MENU_ROOT_ID && dto.parentId !== undefined && dto.parentId !== null) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'the root stays the root' });
    const type = dto.type ?? node.nodeType;
    const seeded = node.origin !== MenuOrigin.ADDED;
    // The API checks seeded codes and the console maps seeded paths to screens: those stay.
    if (seeded && ((dto.type !== undefined && dto.type !== node.nodeType) || (dto.href !== undefined && dto.href !== node.href) || (dto.actionCode !== undefined && dto.actionCode !== node.actionCode))) {
      throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'a seeded node keeps its type, path and action code' });
    }
    if (type !== node.nodeType && (await this.menus.exist({ where: { parentId: id, removed: 0 } }))) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'a node with children keeps its type' });
    let parentId = node.parentId;
    if (dto.parentId !== undefined && id !== MENU_ROOT_ID && dto.parentId !== node.parentId) {
      const parent = await this.parentFor(dto.parentId, type);
      if (await this.isInSubtree(parent.id, id)) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'a node cannot move under itself' });
      parentId = parent.id;
    } else if (id !== MENU_ROOT_ID && type !== node.nodeType) {
      await this.parentFor(node.parentId ?? MENU_ROOT_ID, type);
    }
    const parent = parentId === null ? null : await this.get(parentId);
    const changed: MenuNode = this.menus.create({
      ...node,
      parentId,
      nodeType: type,
      label: dto.label?.trim() ?? node.label,
      icon: dto.icon ?? node.icon,
      sort: dto.sort ?? node.sort,
      origin: seeded ? MenuOrigin.EDITED : MenuOrigin.ADDED,
      ...(seeded || !parent ? {} : this.pathAndCode(type, parent, dto.href ?? node.href, dto.actionCode ?? (dto.href !== undefined || dto.type !== undefined ? undefined : node.actionCode))),
    });
    return this.dataSource.transaction(async (manager) => {
      await this.assertUnique(manager, changed);
      return manager.getRepository(MenuNode).save(changed);
    });
  }

  /** A page goes with its buttons; a directory must be emptied first (409); the root stays. */
  async remove(user: AuthUser, id: number): Promise<void> {
    await this.assertPlatformOwner(user);
    if (id === MENU_ROOT_ID) throw new AppError(ErrorCode.NO_PERMISSION);
    const node = await this.get(id);
    const children = await this.menus.find({ where: { parentId: id, removed: 0 } });
    if (children.some((child) => child.nodeType !== MenuNodeType.BUTTON)) throw new AppError(ErrorCode.CONFLICT, { detail: 'the node still holds menus' });
    await this.dataSource.transaction(async (manager) => {
      for (const gone of [...children, node]) {
        if (gone.origin === MenuOrigin.ADDED) await manager.getRepository(MenuNode).delete({ id: gone.id });
        else await manager.getRepository(MenuNode).update({ id: gone.id }, { removed: 1 });
      }
    });
  }

  private async parentFor(parentId: number, type: number): Promise<MenuNode> {
    const parent = await this.menus.findOne({ where: { id: parentId, removed: 0 } });
    if (!parent) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'no such parent' });
    if (!ALLOWED_CHILDREN[parent.nodeType]?.includes(type)) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'this parent cannot hold a node of this type' });
    return parent;
  }

  /** Directories: a path, no code. Pages: a path under the parent's, code = screen. Buttons: `<page>:<action>`. */
  private pathAndCode(type: number, parent: MenuNode, href: string | undefined, actionCode: string | undefined): { href: string; actionCode: string } {
    if (type === MenuNodeType.BUTTON) {
      if (!actionCode || !actionCode.startsWith(`${parent.actionCode}:`)) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: `a button's code is ${parent.actionCode}:<action>` });
      return { href: '', actionCode };
    }
    if (!href) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'a directory or page needs a path' });
    if (type === MenuNodeType.DIRECTORY) {
      if (actionCode) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'a directory has no action code' });
      return { href, actionCode: '' };
    }
    const screen = href.slice(href.lastIndexOf('/') + 1);
    const code = actionCode ?? screen;
    if (code.includes(':') || href.split('/').length < 3) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'a page is /group/screen with a screen code' });
    return { href, actionCode: code };
  }

  /** 4041: a sibling of the same name, or another live node with the same path or action code. */
  private async assertUnique(manager: EntityManager, node: MenuNode): Promise<void> {
    const others = (await manager.getRepository(MenuNode).find({ where: { removed: 0 } })).filter((other) => other.id !== node.id);
    const clash = others.find(
      (other) =>
        (other.parentId === node.parentId && other.label === node.label) ||
        (node.href && other.href === node.href) ||
        (node.actionCode && other.actionCode === node.actionCode),
    );
    if (clash) throw new AppError(ErrorCode.MENU_DUPLICATE, { data: node.actionCode || node.href || node.label });
  }

  private async isInSubtree(candidate: number, root: number): Promise<boolean> {
    let current: number | null = candidate;
    const seen = new Set<number>();
    while (current !== null && !seen.has(current)) {
      if (current === root) return true;
      seen.add(current);
      current = (await this.menus.findOne({ where: { id: current } }))?.parentId ?? null;
    }
    return false;
  }

  /** The platform owner: the company at the root of the tree (super administrators too). */
  private async assertPlatformOwner(user: AuthUser): Promise<void> {
    if (user.superAdmin) return;
    const company = await this.companies.getVisible(user, Number(user.companyId));
    if (company.parentId !== null) throw new AppError(ErrorCode.NO_PERMISSION);
  }
}
