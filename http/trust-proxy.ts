/**
 * TRUSTED_PROXY → Express's "trust proxy": unset trusts nobody (the socket address is the
 * client); a number trusts that many hops; anything else is a list of addresses/subnets
 * or names Express knows ("loopback", "uniquelocal").
 */
export function trustProxySetting(value: string | undefined): boolean | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}
