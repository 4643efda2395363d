import { describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, PERMISSIONS, ROLE_PERMISSIONS, isContributorRole, roleMay, roleName, type Permission } from './owner-roles';

describe('contributor roles', () => {
  it('has the platform codes (spec §3)', () => {
    expect(CONTRIBUTOR_ROLES).toEqual({
      admin: 1, billing: 2, reporting: 3, editor: 4, moderator: 6, commenter: 7, storeManager: 8, scheduling: 9, viewer: 10,
      campaignsEditor: 11, schedulingViewer: 12, schedulingEditor: 13, none: 14, websiteManager: 15,
    });
    expect(isContributorRole(5)).toBe(false);
    expect(isContributorRole('1')).toBe(false);
    expect(roleName(15)).toBe('websiteManager');
  });

  it('lets an admin do everything and "none" nothing', () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      expect(roleMay(CONTRIBUTOR_ROLES.admin, permission)).toBe(true);
      expect(roleMay(CONTRIBUTOR_ROLES.none, permission)).toBe(false);
    }
  });

  it('keeps contributors and billing to admins, and shoppers\' details from viewers', () => {
    expect(roleMay(CONTRIBUTOR_ROLES.websiteManager, 'contributors:manage')).toBe(false);
    expect(roleMay(CONTRIBUTOR_ROLES.websiteManager, 'catalog:write')).toBe(true);
    expect(roleMay(CONTRIBUTOR_ROLES.storeManager, 'orders:write')).toBe(true);
    expect(roleMay(CONTRIBUTOR_ROLES.storeManager, 'site:write')).toBe(false);
    expect(roleMay(CONTRIBUTOR_ROLES.editor, 'catalog:write')).toBe(false);
    expect(roleMay(CONTRIBUTOR_ROLES.viewer, 'orders:read')).toBe(false);
    expect(roleMay(CONTRIBUTOR_ROLES.reporting, 'orders:write')).toBe(false);
  });

  it('names only known permissions', () => {
    for (const permissions of Object.values(ROLE_PERMISSIONS)) for (const permission of permissions) expect(PERMISSIONS).toHaveProperty([permission]);
  });
});
