import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { REGIONS, serviceAreas } from "~/content/service-areas";
import { REVIEW_CATEGORIES, REVIEW_CATEGORY_LABELS } from "~/lib/review-categories";
import { reviewFormSchema } from "~/lib/review-schemas";

export interface ReviewDraft {
  id?: string;
  customerName: string;
  areaSlug: string;
  rating: number;
  category: string;
  body: string;
  verified: boolean;
  published: boolean;
}

interface ReviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The review to edit; undefined to add one. */
  review?: ReviewDraft;
}

type ActionResult = { result?: SubmissionResult<string[]>; ok?: boolean } | undefined;

/** Add or edit a review. Submits through a fetcher so the list stays where it was. */
export function ReviewDialog({ open, onOpenChange, review }: ReviewDialogProps) {
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useForm({
    id: review?.id ? `review-${review.id}` : "review-new",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: review
      ? {
          ...review,
          rating: String(review.rating),
          verified: review.verified ? "on" : "",
          published: review.published ? "on" : "",
        }
      : { rating: "5", verified: "on" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = fetcher.state !== "idle";

  // Close once the server accepted it; stay open (with the errors) when it did not.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{review?.id ? "Edit review" : "Add review"}</DialogTitle>
          <DialogDescription>
            Only published reviews appear on the website, on the customer's city page and nearby.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          className="grid gap-4"
          {...getFormProps(form)}
          onSubmit={form.onSubmit}
        >
          <input type="hidden" name="intent" value={review?.id ? "update" : "create"} />
          {review?.id && <input type="hidden" name="id" value={review.id} />}
          <Field
            label="Customer name (as shown, e.g. Maria G.)"
            htmlFor={fields.customerName.id}
            errors={fields.customerName.errors}
            errorId={fields.customerName.errorId}
          >
            <Input {...getInputProps(fields.customerName, { type: "text" })} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Area"
              htmlFor={fields.areaSlug.id}
              errors={fields.areaSlug.errors}
              errorId={fields.areaSlug.errorId}
            >
              <NativeSelect
                id={fields.areaSlug.id}
                name={fields.areaSlug.name}
                defaultValue={fields.areaSlug.initialValue ?? ""}
                aria-invalid={fields.areaSlug.errors ? true : undefined}
              >
                <option value="">Choose an area</option>
                {REGIONS.map((region) => (
                  <optgroup key={region} label={region}>
                    {serviceAreas
                      .filter((area) => area.region === region)
                      .map((area) => (
                        <option key={area.slug} value={area.slug}>
                          {area.name}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </NativeSelect>
            </Field>
            <Field
              label="Job"
              htmlFor={fields.category.id}
              errors={fields.category.errors}
              errorId={fields.category.errorId}
            >
              <NativeSelect
                id={fields.category.id}
                name={fields.category.name}
                defaultValue={fields.category.initialValue ?? ""}
                aria-invalid={fields.category.errors ? true : undefined}
              >
                <option value="">Choose the job</option>
                {REVIEW_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {REVIEW_CATEGORY_LABELS[category]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field
            label="Rating"
            htmlFor={fields.rating.id}
            errors={fields.rating.errors}
            errorId={fields.rating.errorId}
          >
            <NativeSelect
              id={fields.rating.id}
              name={fields.rating.name}
              defaultValue={String(fields.rating.initialValue ?? "5")}
            >
              {[5, 4, 3, 2, 1].map((stars) => (
                <option key={stars} value={stars}>
                  {stars} star{stars === 1 ? "" : "s"}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            label="Review text"
            htmlFor={fields.body.id}
            errors={fields.body.errors}
            errorId={fields.body.errorId}
          >
            <Textarea {...getTextareaProps(fields.body)} rows={4} />
          </Field>
          <div className="flex flex-wrap gap-6 text-sm">
            <label className="flex items-center gap-2">
              <input
                {...getInputProps(fields.verified, { type: "checkbox" })}
                className="size-4 accent-brand-700"
              />
              Verified customer (we did this job)
            </label>
            <label className="flex items-center gap-2">
              <input
                {...getInputProps(fields.published, { type: "checkbox" })}
                className="size-4 accent-brand-700"
              />
              Published on the website
            </label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save review"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
