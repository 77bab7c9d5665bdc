// Package deploy holds the deployment examples (docs/deploy.md); its tests
// check them against the real formats: the Kubernetes manifests decoded
// strictly into the API's Go types (k8s.io/api), the Compose file loaded
// and validated against the Compose specification's schema
// (compose-go), so that a misspelt or misplaced field fails the suite.
package deploy

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/yaml"

	"tabula/internal/server"
)

// manifest decodes every document of a Kubernetes file into the type of
// its kind, strictly: an unknown or duplicated field is an error.
func manifest(t *testing.T, file string) []any {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var objs []any
	for i, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(b), -1) {
		if strings.TrimSpace(regexp.MustCompile(`(?m)^#.*$`).ReplaceAllString(doc, "")) == "" {
			continue
		}
		var head struct{ APIVersion, Kind string }
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			t.Fatalf("%s, document %d: %v", file, i+1, err)
		}
		var obj any
		switch head.APIVersion + " " + head.Kind {
		case "apps/v1 Deployment":
			obj = &appsv1.Deployment{}
		case "v1 Service":
			obj = &corev1.Service{}
		case "networking.k8s.io/v1 Ingress":
			obj = &networkingv1.Ingress{}
		case "batch/v1 Job":
			obj = &batchv1.Job{}
		case "v1 PersistentVolumeClaim":
			obj = &corev1.PersistentVolumeClaim{}
		case "policy/v1 PodDisruptionBudget":
			obj = &policyv1.PodDisruptionBudget{}
		case "networking.k8s.io/v1 NetworkPolicy":
			obj = &networkingv1.NetworkPolicy{}
		default:
			t.Fatalf("%s, document %d: kind %q of %q has no type in this test", file, i+1, head.Kind, head.APIVersion)
		}
		if err := yaml.UnmarshalStrict([]byte(doc), obj); err != nil {
			t.Fatalf("%s, document %d (%s): %v", file, i+1, head.Kind, err)
		}
		objs = append(objs, obj)
	}
	return objs
}

func TestKubernetesFilesDecodeStrictly(t *testing.T) {
	for _, f := range []string{"serve-k8s.yaml", "analyze-job.yaml", "analyze-merge-job.yaml"} {
		if n := len(manifest(t, f)); n == 0 {
			t.Errorf("%s: no objects", f)
		}
	}
}

func TestStrictDecodingRefusesAWrongField(t *testing.T) {
	doc := "apiVersion: v1\nkind: Service\nmetadata: {name: x}\nspec:\n  selectr: {app: x}\n"
	if err := yaml.UnmarshalStrict([]byte(doc), &corev1.Service{}); err == nil || !strings.Contains(err.Error(), "selectr") {
		t.Errorf("a misspelt field: err = %v", err)
	}
}

func serveDeployment(t *testing.T) *appsv1.Deployment {
	t.Helper()
	for _, o := range manifest(t, "serve-k8s.yaml") {
		if d, ok := o.(*appsv1.Deployment); ok {
			return d
		}
	}
	t.Fatal("serve-k8s.yaml has no Deployment")
	return nil
}

// Every container's image names a version or a digest, never :latest,
// with a pull policy given (Always for the server: see kube_score_test.go).
func TestKubernetesImagesArePinned(t *testing.T) {
	pinned := regexp.MustCompile(`^[^@]+:[A-Za-z0-9_.-]+$|@sha256:[0-9a-f]{64}$`)
	for _, f := range []string{"serve-k8s.yaml", "analyze-job.yaml", "analyze-merge-job.yaml"} {
		for _, o := range manifest(t, f) {
			var pod *corev1.PodTemplateSpec
			switch x := o.(type) {
			case *appsv1.Deployment:
				pod = &x.Spec.Template
			case *batchv1.Job:
				pod = &x.Spec.Template
			default:
				continue
			}
			for _, c := range pod.Spec.Containers {
				if !pinned.MatchString(c.Image) || strings.HasSuffix(c.Image, ":latest") || c.ImagePullPolicy == "" {
					t.Errorf("%s, container %s: image %q, pull policy %q; want a version or digest and a policy", f, c.Name, c.Image, c.ImagePullPolicy)
				}
			}
		}
	}
}

// The probes ask paths the server answers, within a timeout longer than
// a check takes (2 s), and liveness does not ask the database.
func TestKubernetesProbes(t *testing.T) {
	c := serveDeployment(t).Spec.Template.Spec.Containers[0]
	dbDown := func(context.Context) error { return errors.New("database down") }
	h := server.Health(http.NotFoundHandler(), dbDown, dbDown)
	for name, p := range map[string]*corev1.Probe{"readiness": c.ReadinessProbe, "liveness": c.LivenessProbe} {
		if p == nil || p.HTTPGet == nil {
			t.Fatalf("%s probe: none over HTTP", name)
		}
		if p.TimeoutSeconds < 3 {
			t.Errorf("%s probe: timeout %d s, a check takes up to 2 s", name, p.TimeoutSeconds)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", p.HTTPGet.Path, nil))
		switch want := map[string]int{"readiness": 503, "liveness": 200}[name]; {
		case rec.Code == http.StatusNotFound:
			t.Errorf("%s probe: the server does not answer %s", name, p.HTTPGet.Path)
		case rec.Code != want:
			t.Errorf("%s probe %s with the database down: %d, want %d", name, p.HTTPGet.Path, rec.Code, want)
		}
	}
}

func TestKubernetesPasswordIsNoArgument(t *testing.T) {
	c := serveDeployment(t).Spec.Template.Spec.Containers[0]
	for _, a := range c.Args {
		if strings.Contains(a, "$(") || regexp.MustCompile(`://[^/@]*:[^/@]*@`).MatchString(a) {
			t.Errorf("argument %q carries a variable or a password", a)
		}
	}
	i := slices.IndexFunc(c.Env, func(e corev1.EnvVar) bool { return e.Name == "PGPASSWORD" })
	if i < 0 || c.Env[i].ValueFrom == nil || c.Env[i].ValueFrom.SecretKeyRef == nil {
		t.Errorf("PGPASSWORD does not come from a Secret: %+v", c.Env)
	}
}

func TestKubernetesPausesBeforeSIGTERM(t *testing.T) {
	d := serveDeployment(t)
	c := d.Spec.Template.Spec.Containers[0]
	if c.Lifecycle == nil || c.Lifecycle.PreStop == nil {
		t.Fatal("no preStop pause")
	}
	if g := d.Spec.Template.Spec.TerminationGracePeriodSeconds; g == nil || *g < 20 {
		t.Errorf("terminationGracePeriodSeconds %v leaves no time for the pause and the stop", g)
	}
}

// Every Ingress has TLS; the API's has the limits, the app's files none
// (a classroom behind one address loads 30 pages at once).
func TestKubernetesIngressHasTLSAndLimits(t *testing.T) {
	limited := 0
	for _, o := range manifest(t, "serve-k8s.yaml") {
		in, ok := o.(*networkingv1.Ingress)
		if !ok {
			continue
		}
		if len(in.Spec.TLS) == 0 || in.Spec.TLS[0].SecretName == "" {
			t.Errorf("the Ingress %s has no TLS", in.Name)
		}
		if in.Annotations["nginx.ingress.kubernetes.io/limit-rps"] == "" {
			continue
		}
		limited++
		if in.Annotations["nginx.ingress.kubernetes.io/limit-connections"] == "" {
			t.Errorf("the Ingress %s limits requests but not connections", in.Name)
		}
		for _, r := range in.Spec.Rules {
			for _, p := range r.HTTP.Paths {
				if !strings.HasPrefix(p.Path, "/api/") {
					t.Errorf("the Ingress %s limits %s, not only the API", in.Name, p.Path)
				}
			}
		}
	}
	if limited == 0 {
		t.Fatal("serve-k8s.yaml has no Ingress with limits")
	}
}

// compose loads compose.yaml as `docker compose` would, validated against
// the Compose specification's schema.
func compose(t *testing.T, content []byte) (*types.Project, error) {
	t.Helper()
	return loader.LoadWithContext(context.Background(), types.ConfigDetails{
		WorkingDir:  ".",
		ConfigFiles: []types.ConfigFile{{Filename: "compose.yaml", Content: content}},
		Environment: types.Mapping{"TABULA_DB_PASSWORD": "p@ss/w#rd"},
	}, func(o *loader.Options) { o.SetProjectName("tabula", true) })
}

func TestComposeFileIsValid(t *testing.T) {
	p := composeProject(t)
	for _, name := range []string{"postgres", "tabula1", "tabula2", "tabula3", "nginx", "backup"} {
		s, ok := p.Services[name]
		if !ok {
			t.Errorf("no service %s", name)
			continue
		}
		if s.Restart == "" {
			t.Errorf("service %s has no restart policy", name)
		}
		for _, a := range s.Command {
			if strings.Contains(a, "p@ss") || strings.Contains(a, "100000") {
				t.Errorf("service %s: argument %q holds the password or a limit raised out of reach", name, a)
			}
		}
	}
}

func TestComposeSchemaRefusesAWrongField(t *testing.T) {
	b, err := os.ReadFile("compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(b, []byte("    restart: unless-stopped\n"), []byte("    restrat: unless-stopped\n"), 1)
	if _, err := compose(t, bad); err == nil || !strings.Contains(err.Error(), "restrat") {
		t.Errorf("a misspelt field: err = %v", err)
	}
}
