import * as v from 'valibot';
import type { ProductRow } from './product.ts';
import { PRODUCT_SAFETY_LIMITS } from './product-safety.ts';
import { VAT_RATES, type VatRate } from './invoice/vat.ts';
import { DEFAULT_WITHDRAWAL_RULE, WITHDRAWAL_RULES, type WithdrawalRule } from './withdrawal-right.ts';

/**
 * The admin product form's legal part: the withdrawal rule, the VAT rate
 * ('' = the category's, docs/decisions/036-vat-rates.md) and the GPSR details. Kept apart from product-schema.ts, which spreads it into the
 * one product form schema, so the legal fields are defined in one place.
 */

export const PRODUCT_LEGAL_MESSAGES = {
  withdrawalRuleRequired: 'Wybierz zasadę prawa odstąpienia',
  vatRateRequired: 'Wybierz stawkę VAT',
  manufacturerNameTooLong: `Nazwa producenta może mieć najwyżej ${PRODUCT_SAFETY_LIMITS.manufacturer_name} znaków`,
  manufacturerAddressTooLong: `Adres producenta może mieć najwyżej ${PRODUCT_SAFETY_LIMITS.manufacturer_address} znaków`,
  manufacturerContactTooLong: `Kontakt do producenta może mieć najwyżej ${PRODUCT_SAFETY_LIMITS.manufacturer_contact} znaków`,
  safetyWarningsTooLong: `Ostrzeżenia mogą mieć najwyżej ${PRODUCT_SAFETY_LIMITS.safety_warnings} znaków`,
} as const;

export interface ProductLegalFormValues {
  withdrawalRule: WithdrawalRule;
  vatRate: VatRate | '';
  manufacturerName: string;
  manufacturerAddress: string;
  manufacturerContact: string;
  safetyWarnings: string;
}

/** The form's GPSR text fields (the admin section lists them in this order). */
export type SafetyFormField = Exclude<keyof ProductLegalFormValues, 'withdrawalRule' | 'vatRate'>;

/** The columns the legal part writes; an empty GPSR answer is null (the table refuses ''). */
export interface ProductLegalInput {
  withdrawal_rule: WithdrawalRule;
  vat_rate: VatRate | null;
  manufacturer_name: string | null;
  manufacturer_address: string | null;
  manufacturer_contact: string | null;
  safety_warnings: string | null;
}

export const EMPTY_PRODUCT_LEGAL_FORM: ProductLegalFormValues = {
  withdrawalRule: DEFAULT_WITHDRAWAL_RULE,
  vatRate: '',
  manufacturerName: '',
  manufacturerAddress: '',
  manufacturerContact: '',
  safetyWarnings: '',
};

const optionalText = (max: number, tooLong: string) => v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(max, tooLong));

/** Spread into the product form's v.object. */
export const productLegalEntries = {
  withdrawalRule: v.optional(v.picklist(WITHDRAWAL_RULES, PRODUCT_LEGAL_MESSAGES.withdrawalRuleRequired), DEFAULT_WITHDRAWAL_RULE),
  vatRate: v.optional(v.picklist(['', ...VAT_RATES], PRODUCT_LEGAL_MESSAGES.vatRateRequired), ''),
  manufacturerName: optionalText(PRODUCT_SAFETY_LIMITS.manufacturer_name, PRODUCT_LEGAL_MESSAGES.manufacturerNameTooLong),
  manufacturerAddress: optionalText(PRODUCT_SAFETY_LIMITS.manufacturer_address, PRODUCT_LEGAL_MESSAGES.manufacturerAddressTooLong),
  manufacturerContact: optionalText(PRODUCT_SAFETY_LIMITS.manufacturer_contact, PRODUCT_LEGAL_MESSAGES.manufacturerContactTooLong),
  safetyWarnings: optionalText(PRODUCT_SAFETY_LIMITS.safety_warnings, PRODUCT_LEGAL_MESSAGES.safetyWarningsTooLong),
};

const orNull = (text: string): string | null => (text === '' ? null : text);

/** The validated legal fields as the products row's columns. */
export function toProductLegalInput(output: ProductLegalFormValues): ProductLegalInput {
  return {
    withdrawal_rule: output.withdrawalRule,
    vat_rate: output.vatRate === '' ? null : output.vatRate,
    manufacturer_name: orNull(output.manufacturerName),
    manufacturer_address: orNull(output.manufacturerAddress),
    manufacturer_contact: orNull(output.manufacturerContact),
    safety_warnings: orNull(output.safetyWarnings),
  };
}

/** An existing row's legal fields as the form shows them (rows read before the columns existed lack them). */
export function productLegalFormValues(row: ProductRow): ProductLegalFormValues {
  return {
    withdrawalRule: row.withdrawal_rule ?? DEFAULT_WITHDRAWAL_RULE,
    vatRate: row.vat_rate ?? '',
    manufacturerName: row.manufacturer_name ?? '',
    manufacturerAddress: row.manufacturer_address ?? '',
    manufacturerContact: row.manufacturer_contact ?? '',
    safetyWarnings: row.safety_warnings ?? '',
  };
}
