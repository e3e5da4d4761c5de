import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerTemplateDto, AnswerTemplateInput, AnswerTemplatesResponse } from '@contract/answer-templates.ts';
import { api } from '@/lib/api-client.ts';

export const templateKeys = {
  all: ['answer-templates'] as const,
};

export function templatesQuery() {
  return queryOptions({
    queryKey: templateKeys.all,
    queryFn: ({ signal }) => api.get<AnswerTemplatesResponse>('/api/answer-templates', { signal }),
    select: (data) => data.templates,
  });
}

export function useTemplates() {
  return useQuery(templatesQuery());
}

/** A new template, or (`id`) a change to one. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AnswerTemplateInput & { id?: string }) =>
      id
        ? api.patch<AnswerTemplateDto>(`/api/answer-templates/${encodeURIComponent(id)}`, body)
        : api.post<AnswerTemplateDto>('/api/answer-templates', body),
    // the decision dialogs' pickers read them again within their minute
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/answer-templates/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
