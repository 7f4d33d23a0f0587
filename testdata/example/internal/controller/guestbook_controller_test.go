package controller

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

var _ = Describe("Guestbook controller", func() {
	const (
		timeout  = 10 * time.Second
		interval = 250 * time.Millisecond
	)

	newGuestbook := func(name string) *webappv1alpha1.Guestbook {
		return &webappv1alpha1.Guestbook{
			ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: name},
			Spec: webappv1alpha1.GuestbookSpec{
				Image: "registry.k8s.io/guestbook:v3",
				Title: "Test guestbook",
			},
		}
	}

	It("records the observed generation", func() {
		gb := newGuestbook("observed")
		Expect(k8sClient.Create(ctx, gb)).To(Succeed())

		fetched := &webappv1alpha1.Guestbook{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(gb), fetched)).To(Succeed())
		Expect(fetched.Status.ObservedGeneration).To(Equal(fetched.Generation)) // expect: statusrace
	})

	It("creates the Deployment and reports the guestbook not yet available", func() {
		gb := newGuestbook("progress")
		Expect(k8sClient.Create(ctx, gb)).To(Succeed())

		dep := &appsv1.Deployment{}
		Eventually(func(g Gomega) {
			g.Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(gb), dep)).To(Succeed())
		}, timeout, interval).Should(Succeed())
		Expect(dep.Spec.Template.Spec.Containers[0].Image).To(Equal(gb.Spec.Image))

		fetched := &webappv1alpha1.Guestbook{}
		Eventually(func(g Gomega) {
			g.Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(gb), fetched)).To(Succeed())
			g.Expect(fetched.Status.ObservedGeneration).To(Equal(fetched.Generation))
			available := meta.FindStatusCondition(fetched.Status.Conditions, webappv1alpha1.TypeAvailable)
			g.Expect(available).NotTo(BeNil())
			g.Expect(available.Status).To(Equal(metav1.ConditionFalse))
		}, timeout, interval).Should(Succeed())
	})
})
