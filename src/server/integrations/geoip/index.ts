import { createRequire } from 'node:module';
import { isIP } from 'node:net';

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}
// geoip-country ships a bundled country database (no network at run time); CommonJS only.
const geoip = createRequire(import.meta.url)('geoip-country') as GeoipCountry;

export interface CountryRequest {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface GeoResolver {
  /** The visitor's ISO country code, worked out from the connection, or undefined. */
  countryOf(request: CountryRequest): string | undefined;
  /** Country of an address from the bundled database. */
  lookup(ip: string): string | undefined;
}

export interface GeoOptions {
  /** Header set by a trusted proxy or CDN (for example cf-ipcountry); read only when configured. */
  countryHeader?: string | undefined;
  /** Development only: pretend every visitor is in this country. */
  devCountry?: string | undefined;
}

export function createGeoResolver(options: GeoOptions): GeoResolver {
  const lookup = (ip: string): string | undefined => {
    if (!isIP(ip)) return undefined;
    return geoip.lookup(ip)?.country ?? undefined;
  };
  return {
    lookup,
    countryOf(request) {
      if (options.devCountry) return options.devCountry;
      if (options.countryHeader) {
        const raw = request.headers[options.countryHeader];
        const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
        if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') return value;
      }
      return lookup(request.ip);
    },
  };
}
