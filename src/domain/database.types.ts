// Generated from the migrated local database by `npm run db:types` (scripts/db-types); do not edit.
// After changing a migration, run `npm run db:types` and commit this file: `npm test` fails while it is stale.
// The shape is `supabase gen types typescript`'s; docs/data-shapes.md tells how to use it.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: '12.0.2';
  };
  public: {
    Tables: {
      app_settings: {
        Row: {
          key: string;
          updated_at: string;
          value: string;
        };
        Insert: {
          key: string;
          updated_at?: string;
          value?: string;
        };
        Update: {
          key?: string;
          updated_at?: string;
          value?: string;
        };
        Relationships: [];
      };
      contact_messages: {
        Row: {
          created_at: string;
          email: string;
          id: string;
          message: string;
          name: string;
          phone: string | null;
          subject: string;
        };
        Insert: {
          created_at?: string;
          email: string;
          id?: string;
          message: string;
          name: string;
          phone?: string | null;
          subject: string;
        };
        Update: {
          created_at?: string;
          email?: string;
          id?: string;
          message?: string;
          name?: string;
          phone?: string | null;
          subject?: string;
        };
        Relationships: [];
      };
      invoice_counters: {
        Row: {
          last_number: number;
          series_key: string;
        };
        Insert: {
          last_number: number;
          series_key: string;
        };
        Update: {
          last_number?: number;
          series_key?: string;
        };
        Relationships: [];
      };
      invoice_jobs: {
        Row: {
          attempts: number;
          created_at: string;
          last_error: string | null;
          next_attempt_at: string;
          order_id: string;
          state: string;
        };
        Insert: {
          attempts?: number;
          created_at?: string;
          last_error?: string | null;
          next_attempt_at?: string;
          order_id: string;
          state?: string;
        };
        Update: {
          attempts?: number;
          created_at?: string;
          last_error?: string | null;
          next_attempt_at?: string;
          order_id?: string;
          state?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'invoice_jobs_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: true;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
        ];
      };
      invoices: {
        Row: {
          accepted_at: string | null;
          attempts: number;
          corrects_invoice_id: string | null;
          id: string;
          issue_date: string;
          issued_at: string;
          kind: string;
          ksef_hash: string | null;
          ksef_number: string | null;
          ksef_reference: string | null;
          last_error: string | null;
          next_attempt_at: string | null;
          number: string;
          order_id: string;
          rejection_reason: string | null;
          state: string;
          summary: Json;
          updated_at: string;
          upo: string | null;
          xml: string;
        };
        Insert: {
          accepted_at?: string | null;
          attempts?: number;
          corrects_invoice_id?: string | null;
          id?: string;
          issue_date: string;
          issued_at?: string;
          kind: string;
          ksef_hash?: string | null;
          ksef_number?: string | null;
          ksef_reference?: string | null;
          last_error?: string | null;
          next_attempt_at?: string | null;
          number: string;
          order_id: string;
          rejection_reason?: string | null;
          state?: string;
          summary: Json;
          updated_at?: string;
          upo?: string | null;
          xml: string;
        };
        Update: {
          accepted_at?: string | null;
          attempts?: number;
          corrects_invoice_id?: string | null;
          id?: string;
          issue_date?: string;
          issued_at?: string;
          kind?: string;
          ksef_hash?: string | null;
          ksef_number?: string | null;
          ksef_reference?: string | null;
          last_error?: string | null;
          next_attempt_at?: string | null;
          number?: string;
          order_id?: string;
          rejection_reason?: string | null;
          state?: string;
          summary?: Json;
          updated_at?: string;
          upo?: string | null;
          xml?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'invoices_corrects_invoice_id_fkey';
            columns: ['corrects_invoice_id'];
            isOneToOne: false;
            referencedRelation: 'invoices';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'invoices_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
        ];
      };
      mail_jobs: {
        Row: {
          attempts: number;
          created_at: string;
          details: Json | null;
          id: string;
          kind: string;
          last_error: string | null;
          next_attempt_at: string;
          order_id: string;
          recipient: string;
          sent_at: string | null;
          state: string;
        };
        Insert: {
          attempts?: number;
          created_at?: string;
          details?: Json | null;
          id?: string;
          kind: string;
          last_error?: string | null;
          next_attempt_at?: string;
          order_id: string;
          recipient: string;
          sent_at?: string | null;
          state?: string;
        };
        Update: {
          attempts?: number;
          created_at?: string;
          details?: Json | null;
          id?: string;
          kind?: string;
          last_error?: string | null;
          next_attempt_at?: string;
          order_id?: string;
          recipient?: string;
          sent_at?: string | null;
          state?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'mail_jobs_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
        ];
      };
      order_access_keys: {
        Row: {
          created_at: string;
          key_hash: string;
          order_id: string;
        };
        Insert: {
          created_at?: string;
          key_hash: string;
          order_id: string;
        };
        Update: {
          created_at?: string;
          key_hash?: string;
          order_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'order_access_keys_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
        ];
      };
      order_items: {
        Row: {
          id: string;
          is_addon: boolean;
          order_id: string;
          price: number;
          product_id: string;
          product_name: string;
          quantity: number;
          size_id: string | null;
          size_label: string | null;
          stock_reserved: boolean;
          vat_rate: string | null;
        };
        Insert: {
          id?: string;
          is_addon?: boolean;
          order_id: string;
          price: number;
          product_id: string;
          product_name: string;
          quantity: number;
          size_id?: string | null;
          size_label?: string | null;
          stock_reserved?: boolean;
          vat_rate?: string | null;
        };
        Update: {
          id?: string;
          is_addon?: boolean;
          order_id?: string;
          price?: number;
          product_id?: string;
          product_name?: string;
          quantity?: number;
          size_id?: string | null;
          size_label?: string | null;
          stock_reserved?: boolean;
          vat_rate?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'order_items_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'order_items_product_id_fkey';
            columns: ['product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'order_items_size_id_fkey';
            columns: ['size_id'];
            isOneToOne: false;
            referencedRelation: 'product_sizes';
            referencedColumns: ['id'];
          },
        ];
      };
      order_link_tokens: {
        Row: {
          created_at: string;
          order_id: string;
          token_hash: string;
        };
        Insert: {
          created_at?: string;
          order_id: string;
          token_hash: string;
        };
        Update: {
          created_at?: string;
          order_id?: string;
          token_hash?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'order_link_tokens_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
        ];
      };
      order_photo_skips: {
        Row: {
          order_id: string;
          reason: string;
          skipped_at: string;
        };
        Insert: {
          order_id: string;
          reason: string;
          skipped_at?: string;
        };
        Update: {
          order_id?: string;
          reason?: string;
          skipped_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'order_photo_skips_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: true;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
        ];
      };
      order_photos: {
        Row: {
          height: number;
          id: string;
          kind: string;
          order_id: string;
          path: string;
          taken_at: string;
          width: number;
        };
        Insert: {
          height: number;
          id: string;
          kind: string;
          order_id: string;
          path: string;
          taken_at?: string;
          width: number;
        };
        Update: {
          height?: number;
          id?: string;
          kind?: string;
          order_id?: string;
          path?: string;
          taken_at?: string;
          width?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'order_photos_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
        ];
      };
      orders: {
        Row: {
          amount_paid: number;
          amount_refunded: number;
          cancel_reason: string | null;
          capacity_override_at: string | null;
          card_anonymous: boolean;
          card_message: string | null;
          card_signature: string | null;
          cemetery: Json | null;
          client_request_id: string;
          created_at: string;
          customer_email: string;
          customer_name: string;
          customer_phone: string;
          delivery_address: Json | null;
          delivery_date: string | null;
          delivery_method: string;
          delivery_notes: string | null;
          delivery_window: string | null;
          delivery_window_label: string | null;
          discount: number;
          discount_reason: string | null;
          fulfilment_state: string;
          id: string;
          invoice: Json | null;
          occasion: string | null;
          payment_method: string;
          payu_order_id: string;
          payu_status: string | null;
          pickup_time: string | null;
          recipient_kind: string;
          recipient_name: string | null;
          recipient_phone: string | null;
          request_hash: string | null;
          ribbon_text: string | null;
          services: Json;
          services_cost: number;
          shipping_cost: number;
          source: string;
          status: string;
          substitution: string;
          subtotal: number;
          total: number;
          tracking_number: string | null;
          tracking_url: string | null;
          updated_at: string;
          user_id: string | null;
          venue: Json | null;
        };
        Insert: {
          amount_paid?: number;
          amount_refunded?: number;
          cancel_reason?: string | null;
          capacity_override_at?: string | null;
          card_anonymous?: boolean;
          card_message?: string | null;
          card_signature?: string | null;
          cemetery?: Json | null;
          client_request_id: string;
          created_at?: string;
          customer_email: string;
          customer_name: string;
          customer_phone: string;
          delivery_address?: Json | null;
          delivery_date?: string | null;
          delivery_method: string;
          delivery_notes?: string | null;
          delivery_window?: string | null;
          delivery_window_label?: string | null;
          discount?: number;
          discount_reason?: string | null;
          fulfilment_state?: string;
          id?: string;
          invoice?: Json | null;
          occasion?: string | null;
          payment_method: string;
          payu_order_id: string;
          payu_status?: string | null;
          pickup_time?: string | null;
          recipient_kind?: string;
          recipient_name?: string | null;
          recipient_phone?: string | null;
          request_hash?: string | null;
          ribbon_text?: string | null;
          services?: Json;
          services_cost?: number;
          shipping_cost: number;
          source?: string;
          status?: string;
          substitution?: string;
          subtotal: number;
          total: number;
          tracking_number?: string | null;
          tracking_url?: string | null;
          updated_at?: string;
          user_id?: string | null;
          venue?: Json | null;
        };
        Update: {
          amount_paid?: number;
          amount_refunded?: number;
          cancel_reason?: string | null;
          capacity_override_at?: string | null;
          card_anonymous?: boolean;
          card_message?: string | null;
          card_signature?: string | null;
          cemetery?: Json | null;
          client_request_id?: string;
          created_at?: string;
          customer_email?: string;
          customer_name?: string;
          customer_phone?: string;
          delivery_address?: Json | null;
          delivery_date?: string | null;
          delivery_method?: string;
          delivery_notes?: string | null;
          delivery_window?: string | null;
          delivery_window_label?: string | null;
          discount?: number;
          discount_reason?: string | null;
          fulfilment_state?: string;
          id?: string;
          invoice?: Json | null;
          occasion?: string | null;
          payment_method?: string;
          payu_order_id?: string;
          payu_status?: string | null;
          pickup_time?: string | null;
          recipient_kind?: string;
          recipient_name?: string | null;
          recipient_phone?: string | null;
          request_hash?: string | null;
          ribbon_text?: string | null;
          services?: Json;
          services_cost?: number;
          shipping_cost?: number;
          source?: string;
          status?: string;
          substitution?: string;
          subtotal?: number;
          total?: number;
          tracking_number?: string | null;
          tracking_url?: string | null;
          updated_at?: string;
          user_id?: string | null;
          venue?: Json | null;
        };
        Relationships: [];
      };
      payment_events: {
        Row: {
          content: Json | null;
          event_id: string;
          id: string;
          order_id: string | null;
          outcome: string;
          payment_id: string | null;
          provider: string;
          received_at: string;
          refund_id: string | null;
        };
        Insert: {
          content?: Json | null;
          event_id: string;
          id?: string;
          order_id?: string | null;
          outcome: string;
          payment_id?: string | null;
          provider: string;
          received_at?: string;
          refund_id?: string | null;
        };
        Update: {
          content?: Json | null;
          event_id?: string;
          id?: string;
          order_id?: string | null;
          outcome?: string;
          payment_id?: string | null;
          provider?: string;
          received_at?: string;
          refund_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'payment_events_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payment_events_payment_id_fkey';
            columns: ['payment_id'];
            isOneToOne: false;
            referencedRelation: 'payments';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payment_events_refund_id_fkey';
            columns: ['refund_id'];
            isOneToOne: false;
            referencedRelation: 'refunds';
            referencedColumns: ['id'];
          },
        ];
      };
      payments: {
        Row: {
          amount_grosz: number;
          completed_at: string | null;
          created_at: string;
          currency: string;
          id: string;
          method: string;
          note: string | null;
          order_id: string;
          provider: string;
          provider_charge_id: string | null;
          provider_payment_id: string;
          received_on: string | null;
          recorded_by: string | null;
          state: string;
          updated_at: string;
        };
        Insert: {
          amount_grosz: number;
          completed_at?: string | null;
          created_at?: string;
          currency?: string;
          id?: string;
          method: string;
          note?: string | null;
          order_id: string;
          provider: string;
          provider_charge_id?: string | null;
          provider_payment_id: string;
          received_on?: string | null;
          recorded_by?: string | null;
          state?: string;
          updated_at?: string;
        };
        Update: {
          amount_grosz?: number;
          completed_at?: string | null;
          created_at?: string;
          currency?: string;
          id?: string;
          method?: string;
          note?: string | null;
          order_id?: string;
          provider?: string;
          provider_charge_id?: string | null;
          provider_payment_id?: string;
          received_on?: string | null;
          recorded_by?: string | null;
          state?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'payments_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
        ];
      };
      product_price_history: {
        Row: {
          id: number;
          price: number;
          product_id: string;
          promo_ends_at: string | null;
          promo_price: number | null;
          promo_starts_at: string | null;
          recorded_at: string;
          size_id: string | null;
        };
        Insert: {
          id?: never;
          price: number;
          product_id: string;
          promo_ends_at?: string | null;
          promo_price?: number | null;
          promo_starts_at?: string | null;
          recorded_at?: string;
          size_id?: string | null;
        };
        Update: {
          id?: never;
          price?: number;
          product_id?: string;
          promo_ends_at?: string | null;
          promo_price?: number | null;
          promo_starts_at?: string | null;
          recorded_at?: string;
          size_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'product_price_history_product_id_fkey';
            columns: ['product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'product_price_history_size_id_fkey';
            columns: ['size_id'];
            isOneToOne: false;
            referencedRelation: 'product_sizes';
            referencedColumns: ['id'];
          },
        ];
      };
      product_sizes: {
        Row: {
          created_at: string;
          id: string;
          label: string;
          lowest_price_30d: number | null;
          made_to_order: boolean;
          photo_id: string | null;
          position: number;
          price: number;
          product_id: string;
          promo_ends_at: string | null;
          promo_price: number | null;
          promo_starts_at: string | null;
          stock: number;
          product_size_current_price: number | null;
        };
        Insert: {
          created_at?: string;
          id?: string;
          label: string;
          lowest_price_30d?: number | null;
          made_to_order?: boolean;
          photo_id?: string | null;
          position?: number;
          price: number;
          product_id: string;
          promo_ends_at?: string | null;
          promo_price?: number | null;
          promo_starts_at?: string | null;
          stock?: number;
        };
        Update: {
          created_at?: string;
          id?: string;
          label?: string;
          lowest_price_30d?: number | null;
          made_to_order?: boolean;
          photo_id?: string | null;
          position?: number;
          price?: number;
          product_id?: string;
          promo_ends_at?: string | null;
          promo_price?: number | null;
          promo_starts_at?: string | null;
          stock?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'product_sizes_product_id_fkey';
            columns: ['product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['id'];
          },
        ];
      };
      products: {
        Row: {
          active: boolean;
          category: string;
          created_at: string;
          description: string;
          id: string;
          image_url: string;
          is_addon: boolean;
          is_featured: boolean;
          lowest_price_30d: number | null;
          made_to_order: boolean;
          manufacturer_address: string | null;
          manufacturer_contact: string | null;
          manufacturer_name: string | null;
          name: string;
          photos: Json;
          price: number;
          promo_ends_at: string | null;
          promo_price: number | null;
          promo_starts_at: string | null;
          safety_warnings: string | null;
          stock: number;
          updated_at: string;
          vat_rate: string | null;
          withdrawal_rule: string;
          product_current_price: number | null;
        };
        Insert: {
          active?: boolean;
          category?: string;
          created_at?: string;
          description?: string;
          id?: string;
          image_url?: string;
          is_addon?: boolean;
          is_featured?: boolean;
          lowest_price_30d?: number | null;
          made_to_order?: boolean;
          manufacturer_address?: string | null;
          manufacturer_contact?: string | null;
          manufacturer_name?: string | null;
          name: string;
          photos?: Json;
          price: number;
          promo_ends_at?: string | null;
          promo_price?: number | null;
          promo_starts_at?: string | null;
          safety_warnings?: string | null;
          stock?: number;
          updated_at?: string;
          vat_rate?: string | null;
          withdrawal_rule?: string;
        };
        Update: {
          active?: boolean;
          category?: string;
          created_at?: string;
          description?: string;
          id?: string;
          image_url?: string;
          is_addon?: boolean;
          is_featured?: boolean;
          lowest_price_30d?: number | null;
          made_to_order?: boolean;
          manufacturer_address?: string | null;
          manufacturer_contact?: string | null;
          manufacturer_name?: string | null;
          name?: string;
          photos?: Json;
          price?: number;
          promo_ends_at?: string | null;
          promo_price?: number | null;
          promo_starts_at?: string | null;
          safety_warnings?: string | null;
          stock?: number;
          updated_at?: string;
          vat_rate?: string | null;
          withdrawal_rule?: string;
        };
        Relationships: [];
      };
      push_jobs: {
        Row: {
          attempts: number;
          created_at: string;
          details: Json;
          event_id: string | null;
          id: string;
          kind: string;
          last_error: string | null;
          next_attempt_at: string;
          sent_at: string | null;
          state: string;
          subscription_id: string;
        };
        Insert: {
          attempts?: number;
          created_at?: string;
          details?: Json;
          event_id?: string | null;
          id?: string;
          kind: string;
          last_error?: string | null;
          next_attempt_at?: string;
          sent_at?: string | null;
          state?: string;
          subscription_id: string;
        };
        Update: {
          attempts?: number;
          created_at?: string;
          details?: Json;
          event_id?: string | null;
          id?: string;
          kind?: string;
          last_error?: string | null;
          next_attempt_at?: string;
          sent_at?: string | null;
          state?: string;
          subscription_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'push_jobs_subscription_id_fkey';
            columns: ['subscription_id'];
            isOneToOne: false;
            referencedRelation: 'push_subscriptions';
            referencedColumns: ['id'];
          },
        ];
      };
      push_subscriptions: {
        Row: {
          auth: string;
          created_at: string;
          device_label: string;
          endpoint: string;
          id: string;
          last_error: string | null;
          last_error_at: string | null;
          last_success_at: string | null;
          p256dh: string;
          user_id: string;
        };
        Insert: {
          auth: string;
          created_at?: string;
          device_label: string;
          endpoint: string;
          id?: string;
          last_error?: string | null;
          last_error_at?: string | null;
          last_success_at?: string | null;
          p256dh: string;
          user_id?: string;
        };
        Update: {
          auth?: string;
          created_at?: string;
          device_label?: string;
          endpoint?: string;
          id?: string;
          last_error?: string | null;
          last_error_at?: string | null;
          last_success_at?: string | null;
          p256dh?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      refunds: {
        Row: {
          amount_grosz: number;
          completed_at: string | null;
          created_at: string;
          currency: string;
          id: string;
          manual: boolean;
          order_id: string;
          payment_id: string;
          provider_refund_id: string | null;
          reason: string | null;
          recorded_by: string | null;
          refunded_on: string | null;
          state: string;
          updated_at: string;
          withdrawal_id: string | null;
        };
        Insert: {
          amount_grosz: number;
          completed_at?: string | null;
          created_at?: string;
          currency?: string;
          id?: string;
          manual?: boolean;
          order_id: string;
          payment_id: string;
          provider_refund_id?: string | null;
          reason?: string | null;
          recorded_by?: string | null;
          refunded_on?: string | null;
          state?: string;
          updated_at?: string;
          withdrawal_id?: string | null;
        };
        Update: {
          amount_grosz?: number;
          completed_at?: string | null;
          created_at?: string;
          currency?: string;
          id?: string;
          manual?: boolean;
          order_id?: string;
          payment_id?: string;
          provider_refund_id?: string | null;
          reason?: string | null;
          recorded_by?: string | null;
          refunded_on?: string | null;
          state?: string;
          updated_at?: string;
          withdrawal_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'refunds_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'refunds_payment_id_fkey';
            columns: ['payment_id'];
            isOneToOne: false;
            referencedRelation: 'payments';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'refunds_withdrawal_id_fkey';
            columns: ['withdrawal_id'];
            isOneToOne: false;
            referencedRelation: 'withdrawal_requests';
            referencedColumns: ['id'];
          },
        ];
      };
      shop_owners: {
        Row: {
          created_at: string;
          user_id: string;
        };
        Insert: {
          created_at?: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      withdrawal_requests: {
        Row: {
          accepted_lines: Json;
          created_at: string;
          id: string;
          number: string | null;
          order_id: string;
          period_note: string;
          reason: string | null;
          refused_lines: Json;
          sequence: number;
          state: string;
          updated_at: string;
        };
        Insert: {
          accepted_lines: Json;
          created_at?: string;
          id?: string;
          number?: string | null;
          order_id: string;
          period_note: string;
          reason?: string | null;
          refused_lines?: Json;
          sequence?: never;
          state?: string;
          updated_at?: string;
        };
        Update: {
          accepted_lines?: Json;
          created_at?: string;
          id?: string;
          number?: string | null;
          order_id?: string;
          period_note?: string;
          reason?: string | null;
          refused_lines?: Json;
          sequence?: never;
          state?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'withdrawal_requests_order_id_fkey';
            columns: ['order_id'];
            isOneToOne: false;
            referencedRelation: 'orders';
            referencedColumns: ['id'];
          },
        ];
      };
    };
    Views: {
      public_settings: {
        Row: {
          key: string | null;
          value: string | null;
        };
        Insert: {
          key?: string | null;
          value?: string | null;
        };
        Update: {
          key?: string | null;
          value?: string | null;
        };
        Relationships: [];
      };
    };
    Functions: {
      attach_product_photo: {
        Args: {
          p_order?: string[];
          p_photo: Json;
          p_product_id: string;
        };
        Returns: Json;
      };
      cancel_unpaid_transfer: {
        Args: {
          p_order_id: string;
          p_reason: string;
        };
        Returns: boolean;
      };
      claim_invoice_jobs: {
        Args: {
          p_limit: number;
        };
        Returns: {
          attempts: number;
          created_at: string;
          last_error: string | null;
          next_attempt_at: string;
          order_id: string;
          state: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'invoice_jobs';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      claim_ksef_invoices: {
        Args: {
          p_limit: number;
        };
        Returns: {
          accepted_at: string | null;
          attempts: number;
          corrects_invoice_id: string | null;
          id: string;
          issue_date: string;
          issued_at: string;
          kind: string;
          ksef_hash: string | null;
          ksef_number: string | null;
          ksef_reference: string | null;
          last_error: string | null;
          next_attempt_at: string | null;
          number: string;
          order_id: string;
          rejection_reason: string | null;
          state: string;
          summary: Json;
          updated_at: string;
          upo: string | null;
          xml: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'invoices';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      claim_mail_jobs: {
        Args: {
          p_limit: number;
        };
        Returns: {
          attempts: number;
          created_at: string;
          details: Json | null;
          id: string;
          kind: string;
          last_error: string | null;
          next_attempt_at: string;
          order_id: string;
          recipient: string;
          sent_at: string | null;
          state: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'mail_jobs';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      claim_push_jobs: {
        Args: {
          p_limit: number;
        };
        Returns: {
          attempts: number;
          auth: string;
          details: Json;
          endpoint: string;
          id: string;
          kind: string;
          p256dh: string;
        }[];
      };
      delivery_booked_counts: {
        Args: {
          p_from: string;
          p_to: string;
        };
        Returns: {
          booked: number;
          day: string;
          window_id: string;
        }[];
      };
      expire_unpaid_online_orders: {
        Args: {
          p_minutes: number;
          p_reason: string;
        };
        Returns: string[];
      };
      finish_mail_job: {
        Args: {
          p_error: string;
          p_id: string;
        };
        Returns: undefined;
      };
      finish_push_job: {
        Args: {
          p_error: string;
          p_id: string;
          p_status: number;
        };
        Returns: string;
      };
      invoice_issue: {
        Args: {
          p_corrects: string;
          p_issue_date: string;
          p_kind: string;
          p_order_id: string;
          p_series: string;
          p_summary: Json;
          p_xml: string;
        };
        Returns: {
          accepted_at: string | null;
          attempts: number;
          corrects_invoice_id: string | null;
          id: string;
          issue_date: string;
          issued_at: string;
          kind: string;
          ksef_hash: string | null;
          ksef_number: string | null;
          ksef_reference: string | null;
          last_error: string | null;
          next_attempt_at: string | null;
          number: string;
          order_id: string;
          rejection_reason: string | null;
          state: string;
          summary: Json;
          updated_at: string;
          upo: string | null;
          xml: string;
        };
        SetofOptions: {
          from: '*';
          to: 'invoices';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      is_admin: {
        Args: never;
        Returns: boolean;
      };
      is_public_setting: {
        Args: {
          setting_key: string;
        };
        Returns: boolean;
      };
      ledger_apply_payment_event: {
        Args: {
          p_amount: number;
          p_charge_id: string;
          p_content: Json;
          p_currency: string;
          p_event_id: string;
          p_method: string;
          p_order_id: string;
          p_provider: string;
          p_provider_payment_id: string;
          p_state: string;
        };
        Returns: string;
      };
      ledger_apply_refund_event: {
        Args: {
          p_amount: number;
          p_content: Json;
          p_currency: string;
          p_event_id: string;
          p_provider: string;
          p_provider_refund_id: string;
          p_refund_id: string;
          p_state: string;
        };
        Returns: string;
      };
      ledger_open_refund: {
        Args: {
          p_amount: number;
          p_payment_id: string;
          p_reason: string;
          p_recorded_by: string;
          p_withdrawal_id: string;
        };
        Returns: string;
      };
      ledger_record_manual_payment: {
        Args: {
          p_amount: number;
          p_method: string;
          p_note: string;
          p_order_id: string;
          p_received_on: string;
          p_recorded_by: string;
        };
        Returns: string;
      };
      ledger_record_manual_refund: {
        Args: {
          p_amount: number;
          p_order_id: string;
          p_reason: string;
          p_recorded_by: string;
          p_refunded_on: string;
          p_withdrawal_id: string;
        };
        Returns: string;
      };
      ledger_start_payment: {
        Args: {
          p_amount: number;
          p_method: string;
          p_order_id: string;
          p_provider: string;
          p_provider_payment_id: string;
        };
        Returns: string;
      };
      place_order: {
        Args: {
          p_access_key_hash: string;
          p_capacity: Json;
          p_client_request_id: string;
          p_customer_email: string;
          p_customer_name: string;
          p_customer_phone: string;
          p_delivery_address: Json;
          p_delivery_method: string;
          p_details: Json;
          p_items: Json;
          p_order_number: string;
          p_owner?: Json;
          p_payment_method: string;
          p_request_hash: string;
          p_services_cost: number;
          p_shipping_cost: number;
          p_subtotal: number;
          p_user_id: string;
        };
        Returns: Json;
      };
      product_current_price: {
        Args: {
          p: Database['public']['Tables']['products']['Row'];
        };
        Returns: number;
      };
      product_size_current_price: {
        Args: {
          s: Database['public']['Tables']['product_sizes']['Row'];
        };
        Returns: number;
      };
      rate_limit_hit: {
        Args: {
          p_keys: string[];
          p_limit: number;
          p_window_seconds: number;
        };
        Returns: Json;
      };
      rate_limit_reset: {
        Args: {
          p_key: string;
        };
        Returns: undefined;
      };
      record_withdrawal_request: {
        Args: {
          p_accepted: Json;
          p_order_id: string;
          p_period_note: string;
          p_reason: string;
          p_refused: Json;
        };
        Returns: Json;
      };
      remind_unpaid_transfer: {
        Args: {
          p_order_id: string;
          p_pay_by: string;
        };
        Returns: boolean;
      };
      revoke_order_links: {
        Args: {
          p_order_id: string;
        };
        Returns: Json;
      };
      shop_today: {
        Args: never;
        Returns: string;
      };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
