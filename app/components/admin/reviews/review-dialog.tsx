import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { FormDialogFooter } from "~/components/admin/form-dialog-parts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { CheckboxField, InputField, SelectField, TextareaField } from "~/components/ui/form-fields";
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
          <InputField meta={fields.customerName} label="Customer name (as shown, e.g. Maria G.)" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField meta={fields.areaSlug} label="Area">
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
            </SelectField>
            <SelectField meta={fields.category} label="Job">
              <option value="">Choose the job</option>
              {REVIEW_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {REVIEW_CATEGORY_LABELS[category]}
                </option>
              ))}
            </SelectField>
          </div>
          <SelectField meta={fields.rating} label="Rating">
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {stars} star{stars === 1 ? "" : "s"}
              </option>
            ))}
          </SelectField>
          <TextareaField meta={fields.body} label="Review text" rows={4} />
          <div className="flex flex-wrap gap-6">
            <CheckboxField meta={fields.verified} label="Verified customer (we did this job)" />
            <CheckboxField meta={fields.published} label="Published on the website" />
          </div>
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            pending={saving}
            submitLabel="Save review"
            pendingLabel="Saving..."
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
