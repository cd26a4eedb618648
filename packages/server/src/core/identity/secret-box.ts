import { openField, sealField, type FieldKeyring } from '../../lib/field-cipher';
import { TWO_FACTOR_SECRET_PURPOSE as PURPOSE } from '../../db/sealed-columns';

/**
 * The authenticator secrets of two factors at rest: SM4 under the data keys (`OA_DATA_KEYS`, lib/field-cipher.ts),
 * re-encrypted by `npm run data:rekey` with every other sensitive value. One purpose for the pending and the
 * confirmed secret: confirming moves the sealed value from one column to the other.
 */
type Keyed = { fieldKeys: FieldKeyring };

export const sealSecret = (ctx: Keyed, plain: string): string => sealField(ctx.fieldKeys, PURPOSE, plain);

export const openSecret = (ctx: Keyed, sealed: string): string => openField(ctx.fieldKeys, PURPOSE, sealed);
