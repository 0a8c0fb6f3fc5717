import { DialogForm, FormDialog, useRecordDialogForm } from "~/components/admin/form-dialog";
import { type DialogOpenProps } from "~/components/admin/dialog-state";
import { CheckboxField, InputField, SelectField, TextareaField } from "~/components/ui/form-fields";
import { REGIONS, serviceAreas } from "~/content/service-areas";
import { REVIEW_CATEGORIES, REVIEW_CATEGORY_LABELS } from "~/lib/reviews/review-categories";
import { reviewCreateSchema, reviewUpdateSchema } from "~/lib/schemas/reviews";

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

interface ReviewDialogProps extends DialogOpenProps {
  /** The review to edit; undefined to add one. */
  review?: ReviewDraft;
}

/** Add or edit a review. */
export function ReviewDialog({ open, onOpenChange, review }: ReviewDialogProps) {
  const dialog = useRecordDialogForm({
    name: "review",
    recordId: review?.id,
    schemas: { create: reviewCreateSchema, update: reviewUpdateSchema },
    defaultValue: review
      ? {
          ...review,
          rating: String(review.rating),
          published: review.published ? "on" : "",
        }
      : { rating: "5" },
    onOpenChange,
  });
  const { fields } = dialog;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={dialog.editing ? "Edit review" : "Add review"}
      description="Only published reviews appear on the website, on the customer's city page and nearby. A review typed in here is not marked Verified: only one sent through a completed job's review link is."
    >
      <DialogForm dialog={dialog} {...dialog.record} submitLabel="Save review">
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
          <CheckboxField meta={fields.published} label="Published on the website" />
        </div>
      </DialogForm>
    </FormDialog>
  );
}
