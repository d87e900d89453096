import type { CouponInput } from '../factories.js';

export const coupons: CouponInput[] = [
  { code: 'WELCOME10', discountPercentage: 10 },
  { code: 'LAUNCH25', discountPercentage: 25, expiresAt: new Date('2027-12-31T23:59:59Z'), maxUses: 500 },
  { code: 'FREECOURSE', discountPercentage: 100, maxUses: 100, maxUsesPerUser: 1 },
  { code: 'EXPIRED20', discountPercentage: 20, expiresAt: new Date('2024-01-01T00:00:00Z') },
];
