import type { UserDetails } from '../../../shared/accounts';

/** A signed-in student with a full profile (tests). */
export const priya: UserDetails = {
  user_id: 7,
  username: 'priya',
  email: 'priya@example.com',
  full_name: 'priya natarajan',
  phone_number: '+91 98765 43210',
  address_line_1: '12 MG Road',
  address_line_2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pin_code: '560001',
  about_me: '',
  profile_picture: '/media/profile/p.webp',
  is_verified: true,
  is_admin: false,
};
