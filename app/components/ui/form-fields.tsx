import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import type * as React from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";

type InputType =
  "text" | "email" | "password" | "tel" | "number" | "search" | "url" | "date" | "datetime-local";

/** A form's field as Conform's useForm gives it (`fields.name`): name, ids, errors, start. */
export type FieldMeta = FieldMetadata;

interface CommonProps {
  meta: FieldMeta;
  label: string;
  hint?: React.ReactNode;
  className?: string;
}

function hintId(meta: FieldMeta) {
  return `${meta.id}-hint`;
}

/** Conform's aria attributes: invalid and described by the error when shown, and the hint. */
function aria(meta: FieldMeta, hint: React.ReactNode) {
  return { ariaDescribedBy: hint ? hintId(meta) : undefined };
}

/** The label, hint and first error around a control bound to a form field. */
function MetaField({
  meta,
  label,
  hint,
  className,
  children,
}: CommonProps & { children: React.ReactNode }) {
  return (
    <Field
      label={label}
      htmlFor={meta.id}
      errors={meta.errors}
      errorId={meta.errorId}
      hint={hint}
      hintId={hintId(meta)}
      className={className}
    >
      {children}
    </Field>
  );
}

/** A labelled input bound to a form field, with its hint and first error. */
export function InputField({
  meta,
  label,
  hint,
  className,
  type = "text",
  ...props
}: CommonProps & { type?: InputType } & Omit<
    React.ComponentProps<"input">,
    "type" | "name" | "id" | "defaultValue"
  >) {
  return (
    <MetaField meta={meta} label={label} hint={hint} className={className}>
      <Input {...getInputProps(meta, { type, ...aria(meta, hint) })} {...props} />
    </MetaField>
  );
}

export function TextareaField({
  meta,
  label,
  hint,
  className,
  ...props
}: CommonProps & Omit<React.ComponentProps<"textarea">, "name" | "id" | "defaultValue">) {
  return (
    <MetaField meta={meta} label={label} hint={hint} className={className}>
      <Textarea {...getTextareaProps(meta, aria(meta, hint))} {...props} />
    </MetaField>
  );
}

export function SelectField({
  meta,
  label,
  hint,
  className,
  children,
  ...props
}: CommonProps & Omit<React.ComponentProps<"select">, "name" | "id" | "defaultValue">) {
  return (
    <MetaField meta={meta} label={label} hint={hint} className={className}>
      <NativeSelect {...getSelectProps(meta, aria(meta, hint))} {...props}>
        {children}
      </NativeSelect>
    </MetaField>
  );
}

export function CheckboxField({ meta, label, className }: Omit<CommonProps, "hint">) {
  return (
    <label className={className ?? "flex items-center gap-2 text-sm"}>
      <input {...getInputProps(meta, { type: "checkbox" })} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}

/**
 * A phone number field. Its example is a fictional number (555-01xx), never the business's
 * own, so nobody mistakes the placeholder for a value.
 */
export function PhoneField({ meta, label = "Phone" }: { meta: FieldMeta; label?: string }) {
  return (
    <InputField
      meta={meta}
      label={label}
      type="tel"
      autoComplete="off"
      placeholder="(312) 555-0199"
    />
  );
}
