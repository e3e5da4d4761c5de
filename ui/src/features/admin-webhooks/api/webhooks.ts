import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhookEndpointResponse,
  QueuedWebhookMessageResponse,
  WebhookEndpointInput,
  WebhookEndpointsResponse,
  WebhookMessagesResponse,
} from '@contract/webhooks.ts';
import { api } from '@/lib/api-client.ts';

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  messages: (endpointId: string) => [...webhookKeys.all, 'messages', endpointId] as const,
};

/** while a message waits or is being sent, its list is asked again this often */
const WAITING_POLL_MS = 2_000;

export function endpointsQuery() {
  return queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: ({ signal }) => api.get<WebhookEndpointsResponse>('/api/webhooks', { signal }),
    select: (data) => data.endpoints,
    // an endpoint's last result moves on while its newest message waits
    refetchInterval: (query) =>
      query.state.data?.endpoints.some((e) => e.last?.status === 'pending' || e.last?.status === 'sending')
        ? WAITING_POLL_MS
        : false,
  });
}

export function useEndpoints() {
  return useQuery(endpointsQuery());
}

export function messagesQuery(endpointId: string) {
  return queryOptions({
    queryKey: webhookKeys.messages(endpointId),
    queryFn: ({ signal }) =>
      api.get<WebhookMessagesResponse>(`/api/webhooks/${encodeURIComponent(endpointId)}/messages?limit=20`, {
        signal,
      }),
    select: (data) => data.messages,
    refetchInterval: (query) =>
      query.state.data?.messages.some((m) => m.status === 'pending' || m.status === 'sending')
        ? WAITING_POLL_MS
        : false,
  });
}

export function useMessages(endpointId: string) {
  return useQuery(messagesQuery(endpointId));
}

export function useAddEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointInput) => api.post<CreatedWebhookEndpointResponse>('/api/webhooks', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export function useRemoveEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/webhooks/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** a test message to one endpoint, or a message sent again: either way its endpoint's list shows it */
export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      api.post<QueuedWebhookMessageResponse>(`/api/webhooks/${encodeURIComponent(endpointId)}/test`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useResend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      api.post<QueuedWebhookMessageResponse>(`/api/webhooks/messages/${encodeURIComponent(messageId)}/resend`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
